import { describe, expect, it } from 'vitest';
import { dueReminders, reminderText } from './reminder-rules.ts';

const now = new Date('2026-11-27T18:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('dueReminders', () => {
  it('owes nothing on a chat’s first message: the AI notice above the conversation covers it', () => {
    expect(dueReminders({ since: null, now, fanIsMinor: true })).toEqual([]);
  });

  it('owes nothing before three hours have passed since the fan was last told', () => {
    expect(dueReminders({ since: hoursAgo(2.99), now, fanIsMinor: true })).toEqual([]);
  });

  it('repeats the AI notice at three hours, and adds the break reminder for a known minor', () => {
    expect(dueReminders({ since: hoursAgo(3), now, fanIsMinor: false })).toEqual(['AI_REMINDER']);
    expect(dueReminders({ since: hoursAgo(30), now, fanIsMinor: true })).toEqual(['AI_REMINDER', 'BREAK_REMINDER']);
  });
});

describe('reminderText', () => {
  it('names the twin in the AI notice and says not the person', () => {
    expect(reminderText('AI_REMINDER', 'Mia Moreno')).toContain('you are chatting with an AI, not with Mia Moreno in person');
    expect(reminderText('BREAK_REMINDER', 'Mia Moreno')).toContain('Time for a break?');
  });
});
