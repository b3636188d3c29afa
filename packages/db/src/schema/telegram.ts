// Telegram (docs/telegram.md): a creator's bot linked to their twin, the updates Telegram delivers
// to its webhook (stored once each), the Doppel fan each Telegram user chats as, the one-time
// links that move a Telegram fan into their Doppel account, and each message the bot sends (sent once).
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** A twin's Telegram bot: one per twin, one twin per bot. */
export const telegramBots = pgTable(
  'telegram_bots',
  {
    /** The twin; also the path of its webhook (/webhooks/telegram/{talentId}). */
    talentId: text()
      .primaryKey()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The bot's Telegram user id (getMe), so one bot cannot be linked to two twins. */
    botId: bigint({ mode: 'number' }).notNull(),
    /** The bot's @username without the @, shown in Settings. */
    username: text().notNull(),
    /** The BotFather token: used by the server only, never sent back to any client. */
    token: text().notNull(),
    /** The secret_token given to setWebhook; Telegram sends it back in X-Telegram-Bot-Api-Secret-Token. */
    webhookSecret: text().notNull(),
    linkedById: text().references(() => users.id, { onDelete: 'set null' }),
    linkedAt: createdAt(),
  },
  (t) => [uniqueIndex('telegram_bots_bot_unique').on(t.botId), index('telegram_bots_linked_by_idx').on(t.linkedById)],
);

/**
 * One update as Telegram delivered it. Unique per (bot, update_id): a redelivery finds its row and
 * is not processed again. `processedAt` is set once the telegram.update job has handled it.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    botId: bigint({ mode: 'number' }).notNull(),
    updateId: bigint({ mode: 'number' }).notNull(),
    /** The Telegram chat the update belongs to (jobs of one chat run one at a time, in order); null: none. */
    telegramChatId: bigint({ mode: 'number' }),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
    /** What the job did (`answered`, `ignored`, `out-of-credits`, …), for support. */
    outcome: text(),
  },
  (t) => [
    uniqueIndex('telegram_updates_bot_update_unique').on(t.botId, t.updateId),
    index('telegram_updates_talent_idx').on(t.talentId),
  ],
);

/** The Doppel fan a Telegram user chats as, with every twin's bot: anonymous until linked to an account. */
export const telegramFans = pgTable(
  'telegram_fans',
  {
    telegramUserId: bigint({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When the Telegram user linked their Doppel account (/link); null: still the anonymous fan. */
    linkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('telegram_fans_user_idx').on(t.userId)],
);

/** A one-time link (/link) from Telegram to the app; only the token's SHA-256 is stored. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text().primaryKey(),
    telegramUserId: bigint({ mode: 'number' })
      .notNull()
      .references(() => telegramFans.telegramUserId, { onDelete: 'cascade' }),
    /** The twin whose bot gave the link: the app opens that twin's chat after linking. */
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_link_tokens_fan_idx').on(t.telegramUserId), index('telegram_link_tokens_talent_idx').on(t.talentId)],
);

/**
 * Each message the bot sends (or is about to), recorded before the Bot API call (docs/telegram.md,
 * "Delivery once"): keyed by the bot, the chat and what it is (`update:{id}:{part}`, `message:{id}:{part}`),
 * `sentAt` set once Telegram accepted it. A retried job skips the parts already sent.
 */
export const telegramSends = pgTable(
  'telegram_sends',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    botId: bigint({ mode: 'number' }).notNull(),
    telegramChatId: bigint({ mode: 'number' }).notNull(),
    key: text().notNull(),
    createdAt: createdAt(),
    /** When Telegram accepted it; null: recorded, not (known to be) sent. */
    sentAt: timestamp({ withTimezone: true }),
    /** Telegram's id of the sent message, for support. */
    telegramMessageId: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('telegram_sends_bot_chat_key_unique').on(t.botId, t.telegramChatId, t.key),
    index('telegram_sends_talent_idx').on(t.talentId),
  ],
);
