import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { talents } from './talents.ts';

/** A set of questions and answers the twin may use; global when `talentId` is null. */
export const faqs = pgTable(
  'faqs',
  {
    id: idColumn(),
    name: text().notNull(),
    talentId: text().references(() => talents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin FAQ list shows only global FAQs, sorted by name.
    index('faqs_global_name_id_idx').on(t.name, t.id).where(sql`${t.talentId} is null`),
    index('faqs_talent_idx').on(t.talentId),
  ],
);

export const faqItems = pgTable(
  'faq_items',
  {
    id: idColumn(),
    faqId: text()
      .notNull()
      .references(() => faqs.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    question: text().notNull(),
    answer: text().notNull(),
    /** Embedding of the question, filled later for similarity search; null until computed. */
    embedding: real().array(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('faq_items_faq_position_unique').on(t.faqId, t.position)],
);
