import { describe, expect, it } from 'vitest';
import {
  awaitedReply,
  buildTimeline,
  dayLabel,
  formatMessageTime,
  hasFanSpoken,
  mergePages,
  type TimelineMessage,
  typingTimeoutMs,
} from './message-grouping.ts';

// Local times, so the tests hold in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2025, 5, day, hour, minute).toISOString();
const message = (id: string, senderType: 'USER' | 'TALENT', createdAt: string): TimelineMessage => ({
  id,
  senderType,
  createdAt,
});

describe('mergePages', () => {
  it('turns newest-first pages into one oldest-first list', () => {
    const pages = [
      { items: [message('d', 'TALENT', at(2, 10, 3)), message('c', 'USER', at(2, 10, 2))] },
      { items: [message('b', 'TALENT', at(2, 10, 1)), message('a', 'USER', at(2, 10, 0))] },
    ];
    expect(mergePages(pages).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lists a message found in two pages once', () => {
    const pages = [
      { items: [message('c', 'USER', at(2, 10, 2)), message('b', 'TALENT', at(2, 10, 1))] },
      { items: [message('b', 'TALENT', at(2, 10, 1)), message('a', 'USER', at(2, 10, 0))] },
    ];
    expect(mergePages(pages).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the server order of messages with the same time', () => {
    const same = at(2, 10);
    expect(mergePages([{ items: [message('reply', 'TALENT', same), message('sent', 'USER', same)] }]).map((m) => m.id)).toEqual([
      'sent',
      'reply',
    ]);
  });
});

describe('buildTimeline', () => {
  it('puts a day separator before each new day and groups runs of one sender', () => {
    const messages = [
      message('a', 'USER', at(1, 9, 0)),
      message('b', 'USER', at(1, 9, 2)),
      message('c', 'TALENT', at(1, 9, 3)),
      message('d', 'TALENT', at(2, 9, 4)),
    ];
    const entries = buildTimeline(messages, new Date(2025, 5, 2, 12));
    expect(entries.map((entry) => (entry.kind === 'day' ? entry.label : entry.key))).toEqual([
      'Yesterday',
      'a',
      'b',
      'c',
      'Today',
      'd',
    ]);
    const runs = entries.flatMap((entry) =>
      entry.kind === 'message' ? [[entry.key, entry.isFirstInGroup, entry.isLastInGroup]] : [],
    );
    expect(runs).toEqual([
      ['a', true, false],
      ['b', false, true],
      ['c', true, true],
      ['d', true, true],
    ]);
  });

  it('starts a new run after five quiet minutes', () => {
    const entries = buildTimeline(
      [message('a', 'TALENT', at(3, 9, 0)), message('b', 'TALENT', at(3, 9, 6))],
      new Date(2025, 5, 3, 12),
    );
    const flags = entries.flatMap((entry) => (entry.kind === 'message' ? [entry.isFirstInGroup] : []));
    expect(flags).toEqual([true, true]);
  });

  it('is empty for an empty conversation', () => {
    expect(buildTimeline([], new Date())).toEqual([]);
  });
});

describe('dayLabel', () => {
  const now = new Date(2025, 5, 12, 8); // Thursday 12 June 2025
  it('names recent days', () => {
    expect(dayLabel(new Date(2025, 5, 12, 0, 1), now)).toBe('Today');
    expect(dayLabel(new Date(2025, 5, 11, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2025, 5, 9, 12), now)).toBe('Monday');
  });
  it('dates older days, with the year when it is not this one', () => {
    expect(dayLabel(new Date(2025, 2, 3, 12), now)).toBe('3 Mar');
    expect(dayLabel(new Date(2024, 11, 31, 12), now)).toBe('31 Dec 2024');
  });
});

describe('formatMessageTime', () => {
  it('shows hours and minutes with leading zeros', () => {
    expect(formatMessageTime(new Date(2025, 0, 1, 9, 5).toISOString())).toBe('09:05');
    expect(formatMessageTime('not a date')).toBe('');
  });
});

describe('hasFanSpoken', () => {
  it('is true once the fan sent a message', () => {
    expect(hasFanSpoken([])).toBe(false);
    expect(hasFanSpoken([message('a', 'TALENT', at(1, 9))])).toBe(false);
    expect(hasFanSpoken([message('a', 'TALENT', at(1, 9)), message('b', 'USER', at(1, 9, 1))])).toBe(true);
  });
});

describe('awaitedReply', () => {
  const sent = Date.parse(at(4, 10));
  it('shows typing while the newest message is a recent one of the fan', () => {
    expect(awaitedReply([message('a', 'USER', at(4, 10))], sent + 1_000)).toBe('typing');
    expect(awaitedReply([message('a', 'USER', at(4, 10))], sent + typingTimeoutMs)).toBeNull();
  });
  it('stops once the twin answered, and never waits on an empty chat', () => {
    expect(awaitedReply([message('a', 'USER', at(4, 10)), message('b', 'TALENT', at(4, 10))], sent + 1_000)).toBeNull();
    expect(awaitedReply([], sent)).toBeNull();
  });
  it('counts a message sent from this screen from when it was sent here', () => {
    // The device clock is ten minutes ahead of the server.
    const deviceNow = sent + 10 * 60_000;
    expect(awaitedReply([message('a', 'USER', at(4, 10))], deviceNow)).toBeNull();
    expect(awaitedReply([message('a', 'USER', at(4, 10))], deviceNow, new Map([['a', deviceNow - 2_000]]))).toBe('typing');
  });
  it('says the reply comes soon, without typing and without a time-out, while it waits on the creator', () => {
    const later = sent + 60 * 60_000;
    expect(awaitedReply([message('a', 'USER', at(4, 10))], sent + 1_000, new Map(), true)).toBe('soon');
    expect(awaitedReply([message('a', 'USER', at(4, 10))], later, new Map(), true)).toBe('soon');
    expect(awaitedReply([message('a', 'USER', at(4, 10)), message('b', 'TALENT', at(4, 10))], later, new Map(), true)).toBeNull();
  });
});
