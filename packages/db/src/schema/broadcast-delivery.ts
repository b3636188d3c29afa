import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { broadcasts } from './broadcasts.ts';

/**
 * Who a broadcast goes to, fixed when it is prepared (the audience of docs/product-rules.md#broadcasts at that moment): one row
 * per chat, numbered into the send chunk that delivers it. Written in one set-based statement.
 * `chat_id` has no foreign key on purpose: checking 100,000 of them took half of preparing a
 * broadcast, and a chat deleted since is simply skipped by the send (it joins chats).
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcastId: text()
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    chatId: text().notNull(),
    chunk: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.chatId] }),
    // A send job reads its chunk.
    index('broadcast_recipients_chunk_idx').on(t.broadcastId, t.chunk),
  ],
);

/**
 * One send job's share of a broadcast. `sentAt` is set in the transaction that inserts the chunk's
 * messages, so a chunk is either fully sent or not at all; the broadcast completes when none is left.
 */
export const broadcastChunks = pgTable(
  'broadcast_chunks',
  {
    broadcastId: text()
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    chunk: integer().notNull(),
    recipientCount: integer().notNull(),
    /** Messages this chunk inserted (a chat deleted since preparing counts as not sent). */
    sentCount: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }),
    /** Push notifications of the chunk's fans handed to their push services (broadcasts with a headline). */
    pushedAt: timestamp({ withTimezone: true }),
    pushCount: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.chunk] }),
    check('broadcast_chunks_counts_non_negative', sql`${t.recipientCount} >= 0 and ${t.sentCount} >= 0 and ${t.pushCount} >= 0`),
  ],
);
