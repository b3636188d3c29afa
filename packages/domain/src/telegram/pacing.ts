// Telegram's sending limits (docs/telegram.md, "Pacing"): about 30 messages a second per bot, and
// about one a second in one chat (short bursts pass). Each worker process paces its own sends with
// this (GCRA: a theoretical arrival time per bot and per chat); a 429 Telegram still answers is
// shared by every worker through provider_rate_limits (`telegram:{botId}`), as the model providers'.

export type TelegramPacingClock = { now: () => number; sleep: (ms: number) => Promise<void> };

const systemClock: TelegramPacingClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** One message per 1/30 s per bot, no burst; one a second per chat, with a burst of 3. */
export const telegramPacing = { botIntervalMs: 1000 / 30, chatIntervalMs: 1000, chatBurst: 3 } as const;

/** Chats remembered before the ones long idle are forgotten. */
const rememberedChats = 10_000;

export class TelegramPacer {
  readonly #clock: TelegramPacingClock;
  readonly #bots = new Map<number, number>();
  readonly #chats = new Map<string, number>();

  constructor(clock: TelegramPacingClock = systemClock) {
    this.#clock = clock;
  }

  /** How long the next message of (bot, chat) must wait, its slot taken now. */
  reserve(botId: number, chatId: number): number {
    const now = this.#clock.now();
    const chatKey = `${botId}:${chatId}`;
    const botAt = Math.max(now, this.#bots.get(botId) ?? now);
    const chatTat = Math.max(now, this.#chats.get(chatKey) ?? now);
    // A chat's message may go up to (burst - 1) intervals ahead of its theoretical time.
    const chatAt = Math.max(now, chatTat - (telegramPacing.chatBurst - 1) * telegramPacing.chatIntervalMs);
    const at = Math.max(botAt, chatAt);
    this.#bots.set(botId, at + telegramPacing.botIntervalMs);
    this.#chats.set(chatKey, Math.max(chatTat, at) + telegramPacing.chatIntervalMs);
    if (this.#chats.size > rememberedChats) {
      for (const [key, tat] of this.#chats) if (tat < now) this.#chats.delete(key);
    }
    return at - now;
  }

  /** Waits for the next slot of (bot, chat). */
  async wait(botId: number, chatId: number): Promise<void> {
    const ms = this.reserve(botId, chatId);
    if (ms > 0) await this.#clock.sleep(ms);
  }
}
