import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns.ts';
import { talents } from './talents.ts';

/**
 * A question the creator dismissed from their knowledge-gap inbox ("not one for the FAQ"). The
 * inbox hides every fan question that scores at least the grouping threshold against it, asked
 * before or after, so the group does not come back; a question asked in other words does
 * (docs/creator-dashboard.md "Knowledge gaps").
 */
export const knowledgeGapDismissals = pgTable(
  'knowledge_gap_dismissals',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The group's question as the creator saw it. */
    question: text().notNull(),
    /** `question` in lower case with its spaces collapsed: dismissing one wording twice keeps one row. */
    questionKey: text().notNull(),
    dismissedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Also the talent foreign key's index: the inbox reads a talent's dismissals by it.
  (t) => [uniqueIndex('knowledge_gap_dismissals_talent_question_unique').on(t.talentId, t.questionKey)],
);
