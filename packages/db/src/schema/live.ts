import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** One change a write announces: which row of which entity changed, and who may see it. */
export type ChangeEventJson = { entity: string; rowId: string; scopes: string[] };

/**
 * Outbox of change events for live reads: one row per writing transaction, keyed by that
 * transaction's id, holding every change it announced. Writers only insert (no NOTIFY, no later
 * UPDATE); readers deliver a row once every transaction with a smaller id has ended (the
 * snapshot's xmin), so delivery order is `xid` order with nothing arriving behind a reader.
 * A change's position in the feed, `{xid}.{index}`, is the event id clients resume from.
 */
export const changeEvents = pgTable('change_events', {
  /** The writing transaction's id (`pg_current_xact_id()`, 64 bits, never wraps). */
  xid: bigint({ mode: 'number' }).primaryKey().default(sql`(pg_current_xact_id()::text::bigint)`),
  /** Per change: the table or entity (`talents`), the row id, and its scopes (`user:{id}`, `talent:{id}`, `chat:{id}`, `admin`). */
  changes: jsonb().$type<ChangeEventJson[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
