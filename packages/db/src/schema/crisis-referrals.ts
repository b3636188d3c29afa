import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { chatMessages, chats } from './chats.ts';
import { createdAt, idColumn } from './columns.ts';

/**
 * Every time a fan was referred to crisis services (docs/safety.md): the rows the admins' Safety
 * report counts by month. No message text: the report needs counts only. The references are set
 * to null when a chat is deleted, so the yearly counts survive an account deletion.
 */
export const crisisReferrals = pgTable(
  'crisis_referrals',
  {
    id: idColumn(),
    chatId: text().references(() => chats.id, { onDelete: 'set null' }),
    /** The fan message answered with the safety reply. */
    messageId: text().references(() => chatMessages.id, { onDelete: 'set null' }),
    /** What decided it: the phrase list, the moderation endpoint, or the twin still paused. */
    source: text().$type<'PHRASES' | 'MODERATION' | 'PAUSED'>().notNull(),
    /** The country whose services were given (ISO 3166-1 alpha-2), or null for the international list. */
    country: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('crisis_referrals_created_idx').on(t.createdAt),
    index('crisis_referrals_chat_created_idx').on(t.chatId, t.createdAt),
    index('crisis_referrals_message_idx').on(t.messageId),
    check('crisis_referrals_source_check', sql`${t.source} in ('PHRASES', 'MODERATION', 'PAUSED')`),
  ],
);
