import { describe, expect, it } from 'vitest';
import { TelegramPacer } from './pacing.ts';

function pacerAt(start: number) {
  let now = start;
  const pacer = new TelegramPacer({ now: () => now, sleep: async () => {} });
  const advance = (ms: number) => {
    now += ms;
  };
  return { pacer, advance };
}

describe('TelegramPacer', () => {
  it('lets three messages of a chat go at once, then one a second', () => {
    const { pacer, advance } = pacerAt(1_000_000);
    // Different bots, so only the chat's limit counts.
    expect([1, 2, 3, 4, 5].map((bot) => pacer.reserve(bot, 42))).toEqual([0, 0, 0, 0, 0]);
    // One bot: the first three only 1/30 s apart (the bot's spacing), then a second each.
    const waits = [0, 1, 2, 3, 4].map(() => Math.round(pacer.reserve(7, 99)));
    expect(waits).toEqual([0, 33, 67, 1000, 2000]);
    advance(10_000);
    expect(pacer.reserve(7, 99)).toBe(0);
  });

  it('spaces one bot’s messages to different chats 1/30 s apart', () => {
    const { pacer } = pacerAt(0);
    const waits = [1, 2, 3, 4].map((chat) => pacer.reserve(5, chat));
    expect(waits.map((ms) => Math.round(ms))).toEqual([0, 33, 67, 100]);
  });
});
