import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { chats } from './chats.ts';
import { updatedAt } from './columns.ts';
import { talents } from './talents.ts';

/**
 * One fan's messages to a twin on one closed UTC day, rolled up from chat_messages by the
 * `insights.rollup` job so the creator's Audience reads a few rows per fan instead of every
 * message (docs/creator-dashboard.md). Days from `audience_rollup.rolled_until` on are read live
 * from chat_messages, so the send path writes nothing here. Deleted with the chat.
 */
export const audienceFanDays = pgTable(
  'audience_fan_days',
  {
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /**
     * The fan (chats.user_id), kept here to group by fan without a join. No foreign key of its
     * own: the chat's cascade already removes the row with the fan.
     */
    userId: text().notNull(),
    /** The fan's messages that day. */
    messages: integer().notNull(),
    /** The day's first message paid with paid credits: a purchase for Audience; null when none. */
    firstPaidAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Paid credits the fan's messages spent that day (top spenders). */
    paidCredits: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.talentId, t.day, t.chatId] }),
    index('audience_fan_days_chat_idx').on(t.chatId),
    // The 12-month Audience reads only the paid days (paying fans, top spenders): a few of them.
    index('audience_fan_days_paid_idx').on(t.talentId, t.day).where(sql`${t.firstPaidAt} is not null`),
  ],
);

/**
 * One fan's days in one whole UTC week (from Monday) or month, folded from audience_fan_days once
 * the period has closed in the rollup, so Audience over 90 days or 12 months reads a row per fan
 * and week or month instead of one per day. Written once per closed period and never changed:
 * Audience takes a period from here only when the rollup it read had closed it.
 */
export const audienceFanPeriods = pgTable(
  'audience_fan_periods',
  {
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** `week` (Monday to Sunday) or `month`. */
    grain: text({ enum: ['week', 'month'] }).notNull(),
    /** The period's first day. */
    periodStart: date({ mode: 'string' }).notNull(),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** The fan (chats.user_id), as in audience_fan_days. */
    userId: text().notNull(),
    /** The last day of the period the fan wrote. */
    lastDay: date({ mode: 'string' }).notNull(),
    /** The period's first message paid with paid credits; null when none. */
    firstPaidAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Paid credits the fan's messages spent in the period. */
    paidCredits: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.talentId, t.grain, t.periodStart, t.chatId] }),
    index('audience_fan_periods_chat_idx').on(t.chatId),
    // The 12-month Audience counts fans from audience_twin_months and reads only the paid months here.
    index('audience_fan_periods_paid_idx').on(t.talentId, t.grain, t.periodStart).where(sql`${t.firstPaidAt} is not null`),
    check('audience_fan_periods_grain', sql`${t.grain} in ('week', 'month')`),
  ],
);

/**
 * Each chat's first fan message, rolled up with the days: "new" and "returning" fans need it. With
 * the last rolled day, one row per fan answers a whole year's totals (a fan wrote in the period
 * when their last day is in it, and came back when that day is after their first).
 */
export const audienceFirstMessages = pgTable(
  'audience_first_messages',
  {
    chatId: text()
      .primaryKey()
      .references(() => chats.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The fan (chats.user_id); removed with the chat, as in audience_fan_days. */
    userId: text().notNull(),
    firstMessageAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** The last rolled-up day the fan wrote (null only on rows written before migration 0029 filled it). */
    lastDay: date({ mode: 'string' }),
    /**
     * The UTC day of the first message, computed by Postgres (a generated column: no writer sets it,
     * and migration 0040 computed it for the rows before): the 12-month Audience compares it with the last day for every fan of the year, and
     * converting each row's timestamp on read was a good part of that read.
     */
    firstDay: date({ mode: 'string' }).notNull().generatedAlwaysAs(sql`(first_message_at at time zone 'UTC')::date`),
  },
  // By twin and last day: the 12-month Audience reads the fans of its period here, one row each.
  (t) => [index('audience_first_messages_talent_last_day_idx').on(t.talentId, t.lastDay)],
);

/**
 * Each closed month's fans of a twin, counted once when the rollup closes the month (folded from its
 * audience_fan_periods rows), so the 12-month Audience reads twelve rows for its chart instead of a
 * row per fan and month. Counts every chat, the twin's managers included (the read takes theirs
 * away, as managers change); a deleted chat's share is taken away when it goes
 * (`forgetAudienceChats`). Paying fans are not counted here: a payment is read live.
 */
export const audienceTwinMonths = pgTable(
  'audience_twin_months',
  {
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date({ mode: 'string' }).notNull(),
    /** Fans who wrote in the month. */
    fans: integer().notNull(),
    /** Of those, fans who wrote in it on a day after the day of their first message to the twin. */
    returningFans: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.talentId, t.month] })],
);

/**
 * How far the rollup has gone: one row, `rolled_until` the first UTC day not rolled up yet (null
 * before the first run, when Audience reads every message live). Runs lock it, so two at once
 * roll a day up once.
 */
export const audienceRollup = pgTable(
  'audience_rollup',
  {
    id: text().primaryKey().default('audience'),
    rolledUntil: date({ mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('audience_rollup_single_row', sql`${t.id} = 'audience'`)],
);
