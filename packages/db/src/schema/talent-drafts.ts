import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { genderEnum, purposeEnum } from './enums.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/**
 * The onboarding draft, one per user. The current onboarding step is derived from which fields
 * are still empty, so every field is nullable (lists default to empty).
 */
export const talentDrafts = pgTable(
  'talent_drafts',
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    profilePictureUrl: text(),
    /**
     * When the picture step was saved, with or without a picture: the picture is optional, so a
     * draft that skipped it must not be sent back to it (docs/product-rules.md#onboarding derives the step from the draft).
     */
    profilePictureStepDoneAt: timestamp({ withTimezone: true }),
    tag: text(),
    gender: genderEnum(),
    age: integer(),
    purpose: purposeEnum(),
    personalityTraits: text().array().notNull().default(sql`'{}'::text[]`),
    interests: text().array().notNull().default(sql`'{}'::text[]`),
    initialChatMessageText: text(),
    /** The talent whose referral link brought this creator (from the stored referral tag). */
    referralTalentId: text().references(() => talents.id, { onDelete: 'set null' }),
    /** The talent created when onboarding finished; null while onboarding. */
    talentId: text().references(() => talents.id, { onDelete: 'set null' }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('talent_drafts_user_unique').on(t.userId),
    index('talent_drafts_referral_talent_idx').on(t.referralTalentId),
    index('talent_drafts_talent_idx').on(t.talentId),
    check('talent_drafts_age_positive', sql`${t.age} is null or ${t.age} > 0`),
  ],
);
