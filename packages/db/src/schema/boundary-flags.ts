import type { BoundaryReason, BoundarySide } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatMessages, chats } from './chats.ts';
import { createdAt, idColumn } from './columns.ts';
import { talents } from './talents.ts';

/** One flag per fan message: a refused message is answered, and so flagged, once. */
export const boundaryFlagUniqueIndex = 'boundary_flags_message_unique';

/**
 * A message that crossed a twin's boundaries (a blocked topic, the content level, a declared
 * minor, the moderation endpoint): the fan got the twin's refusal and was not charged. The creator
 * and admins read these lists, newest first.
 */
export const boundaryFlags = pgTable(
  'boundary_flags',
  {
    id: idColumn(),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** The fan message that was refused (its own text, or the model's reply to it, crossed). */
    messageId: text()
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    side: text().$type<BoundarySide>().notNull(),
    reason: text().$type<BoundaryReason>().notNull(),
    /** The creator's topic, the content term or the moderation categories that matched. */
    matched: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('boundary_flags_talent_created_idx').on(t.talentId, t.createdAt, t.id),
    index('boundary_flags_created_idx').on(t.createdAt, t.id),
    index('boundary_flags_chat_idx').on(t.chatId),
    uniqueIndex(boundaryFlagUniqueIndex).on(t.messageId),
    check('boundary_flags_side_check', sql`${t.side} in ('FAN', 'TWIN')`),
    check('boundary_flags_reason_check', sql`${t.reason} in ('TOPIC', 'CONTENT_LEVEL', 'MINOR', 'MODERATION', 'CRISIS')`),
  ],
);
