import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgSequence, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** One change a write announces: which row of which entity changed, and who may see it. */
export type ChangeEventJson = { entity: string; rowId: string; scopes: string[] };

/**
 * Outbox of change events for live reads: one row per writing transaction, holding every change it
 * announced (one insert, no NOTIFY on the write path). One drainer at a time stamps committed rows
 * with `seq` in commit order and sends a single NOTIFY per batch; a change's position in the feed,
 * `{seq}.{index}`, is the event id clients resume from.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    seq: bigint({ mode: 'number' }),
    /** Per change: the table or entity (`talents`), the row id, and its scopes (`user:{id}`, `talent:{id}`, `chat:{id}`, `admin`). */
    changes: jsonb().$type<ChangeEventJson[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_events_unstamped_idx').on(t.id).where(sql`${t.seq} is null`), index('change_events_seq_idx').on(t.seq)],
);

/** Hands out `seq` values; only the drainer (under an advisory lock) calls it, so seq follows commit order. */
export const changeEventSeq = pgSequence('change_event_seq');
