import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outbox of change events for live reads. A write inserts a row in its own transaction (no
 * NOTIFY on the write path); one drainer at a time stamps committed rows with `seq` in commit
 * order and sends a single NOTIFY per batch. `seq` is the event id clients resume from.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    seq: bigint({ mode: 'number' }),
    /** The table or entity that changed, e.g. `talents`. */
    entity: text().notNull(),
    rowId: text().notNull(),
    /** Who may see it: `user:{id}`, `talent:{id}`, `chat:{id}`, `admin`. */
    scopes: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_events_unstamped_idx').on(t.id).where(sql`${t.seq} is null`), index('change_events_seq_idx').on(t.seq)],
);

/** Hands out `seq` values; only the drainer (under an advisory lock) calls it, so seq follows commit order. */
export const changeEventSeq = pgSequence('change_event_seq');
