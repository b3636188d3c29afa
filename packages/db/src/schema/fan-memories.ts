import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatMessages } from './chats.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import type { FanMemoryKind } from './json-types.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** Set by a memory insert that met the same note again (a retried job, a fan repeating themselves). */
export const fanMemoryUniqueIndex = 'fan_memories_note_unique';

/**
 * What a twin remembers about one fan (name, facts, preferences, past events), as short notes
 * ("Has a dog named Rex"). Per fan and twin, so another twin, and another fan of the same twin,
 * never reads them. Extracted by the `chat.remember` job after each exchange; the fan may delete
 * them, the twin's managers and admins edit them.
 */
export const fanMemories = pgTable(
  'fan_memories',
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    kind: text().$type<FanMemoryKind>().notNull(),
    /** The fan message it was learnt from; null once that message is gone or for a hand-written note. */
    sourceMessageId: text().references(() => chatMessages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The prompt and the fan's panel read a fan's newest notes with one twin.
    index('fan_memories_user_talent_created_idx').on(t.userId, t.talentId, t.createdAt),
    index('fan_memories_talent_idx').on(t.talentId),
    index('fan_memories_source_message_idx').on(t.sourceMessageId),
    // One note once per fan and twin, whatever its letter case: a retried extraction or a fan
    // saying the same thing twice adds nothing.
    uniqueIndex(fanMemoryUniqueIndex).on(t.userId, t.talentId, sql`lower(${t.text})`),
    check('fan_memories_kind_check', sql`${t.kind} in ('NAME', 'FACT', 'PREFERENCE', 'EVENT')`),
    check('fan_memories_text_length_check', sql`char_length(${t.text}) between 1 and 300`),
  ],
);
