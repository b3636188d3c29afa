// The twin reaching out (docs/reach-out.md): the creator's triggers per twin, and one row per
// (twin, fan, occasion) so an occasion is written to the fan at most once, whatever runs twice.
import type { ReachOutKind, ReachOutParams, ReachOutStatus } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatMessages, chats } from './chats.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** One trigger of one twin, as the creator set it in Settings → Reach out. No row: the trigger is off. */
export const reachOutTriggers = pgTable(
  'reach_out_triggers',
  {
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    kind: text().$type<ReachOutKind>().notNull(),
    enabled: boolean().notNull().default(false),
    /** The trigger's numbers (a check-in's messages and quiet days); see ReachOutParams. */
    params: jsonb().$type<ReachOutParams>().notNull().default({}),
    /** What the creator asks the twin to say or keep in mind; empty: the trigger's default. */
    instruction: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.talentId, t.kind] }),
    index('reach_out_triggers_enabled_idx').on(t.kind).where(sql`${t.enabled}`),
    check(
      'reach_out_triggers_kind_check',
      sql`${t.kind} in ('CHECK_IN', 'THANK_YOU', 'SUBSCRIPTION_ENDING', 'SUBSCRIPTION_LAPSED', 'CUSTOM_DATE', 'REMIND_ME')`,
    ),
  ],
);

/**
 * One occasion to write to one fan: SENT by the job that writes it (with the message), or HELD as a
 * draft in Replies to approve while the creator approves the twin's messages, then SENT, or SKIPPED
 * when the creator rejects it or the hold limit drops it (`skip_reason`). PENDING is not used. Unique per (twin, fan,
 * occasion key), and the message's reach_out_id is unique too: a retried or doubled job finds the
 * row and sends nothing again.
 */
export const reachOuts = pgTable(
  'reach_outs',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    kind: text().$type<ReachOutKind>().notNull(),
    /** What happened, once: `check-in:{last message time}`, `payment:{id}`, `ending:{subscription}:{period end}`, … */
    occasionKey: text().notNull(),
    status: text().$type<ReachOutStatus>().notNull().default('PENDING'),
    /** Why a SKIPPED one was not sent (the rule's reason). */
    skipReason: text(),
    messageId: text().references(() => chatMessages.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reach_outs_occasion_unique').on(t.talentId, t.userId, t.occasionKey),
    // The daily and weekly caps: this fan's sent reach-outs from this twin lately.
    index('reach_outs_fan_sent_idx').on(t.userId, t.talentId, t.sentAt).where(sql`${t.sentAt} is not null`),
    // The creator's per-trigger counts.
    index('reach_outs_talent_kind_sent_idx').on(t.talentId, t.kind, t.sentAt).where(sql`${t.sentAt} is not null`),
    index('reach_outs_chat_idx').on(t.chatId),
    index('reach_outs_message_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
    check('reach_outs_status_check', sql`${t.status} in ('PENDING', 'HELD', 'SENT', 'SKIPPED')`),
    check(
      'reach_outs_kind_check',
      sql`${t.kind} in ('CHECK_IN', 'THANK_YOU', 'SUBSCRIPTION_ENDING', 'SUBSCRIPTION_LAPSED', 'CUSTOM_DATE', 'REMIND_ME')`,
    ),
  ],
);

/**
 * A fan's "remind me tomorrow to …" that the twin confirmed in its reply (docs/reach-out.md#remind-me),
 * stored with that reply. The REMIND_ME trigger sends it as a reach-out once due.
 */
export const fanReminders = pgTable(
  'fan_reminders',
  {
    id: idColumn(),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The fan message that asked: one reminder per message, so a retried reply adds none. */
    messageId: text()
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** What to remind of, with its "to" or "about": "to call my mom". */
    about: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fan_reminders_message_unique').on(t.messageId),
    // The job's sweep of reminders come due.
    index('fan_reminders_due_idx').on(t.dueAt),
    // Deleting a chat, fan or twin finds their reminders.
    index('fan_reminders_chat_idx').on(t.chatId),
    index('fan_reminders_user_idx').on(t.userId),
    index('fan_reminders_talent_idx').on(t.talentId),
  ],
);
