import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { genderEnum } from './enums.ts';
import type { ChatMessageSuggestion, InitialChatMessage } from './json-types.ts';
import { users } from './users.ts';

/**
 * Default prices in credits (1 credit = 0.10 USD). The product rules say minimums exist without giving
 * them; these defaults are the cheapest sensible prices: a message costs 1 credit, an audio note
 * 3 and an image 5 (images cost the most to produce and are the main draw).
 */
export const defaultTalentPrices = {
  creditsToSendMessage: 1,
  creditsToUnlockImage: 5,
  creditsToUnlockAudio: 3,
} as const;

/** The public face of a twin: what fans see and pay. Private settings live in `talent_configs`. */
export const talents = pgTable(
  'talents',
  {
    id: idColumn(),
    name: text().notNull(),
    /** The handle (shown as @tag); unique case-insensitively; null until claimed. */
    tag: text(),
    profilePictureUrl: text(),
    gender: genderEnum(),
    age: integer(),
    isAdult: boolean().notNull().default(false),
    creditsToSendMessage: integer().notNull().default(defaultTalentPrices.creditsToSendMessage),
    creditsToUnlockImage: integer().notNull().default(defaultTalentPrices.creditsToUnlockImage),
    creditsToUnlockAudio: integer().notNull().default(defaultTalentPrices.creditsToUnlockAudio),
    /** A special price for the first image a fan unlocks; null when the offer is off. */
    creditsToUnlockFirstImage: integer(),
    subscriptionProductId: text(),
    chatMessageForAuth: text(),
    chatMessageForCheckout: text(),
    chatMessageForSubscription: text(),
    chatMessageSuggestions: jsonb().$type<ChatMessageSuggestion[]>().notNull().default([]),
    initialChatMessages: jsonb().$type<InitialChatMessage[]>().notNull().default([]),
    /**
     * When a manager confirmed that the twin's name, face and voice are their own or used with
     * permission (docs/safety.md, Consent); null until then, and a twin without it is not published.
     */
    consentConfirmedAt: timestamp({ withTimezone: true }),
    /** The signed-in account that confirmed; null when that account was deleted since. */
    consentConfirmedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    /** When an admin hid the twin from fans after a report; fans' reads refuse it while set. */
    hiddenFromFansAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('talents_tag_lower_unique').on(sql`lower(${t.tag})`),
    // text_pattern_ops lets `lower(name) like 'prefix%'` use the index whatever the collation.
    index('talents_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // Admin talents list: newest first, keyset (created, id).
    index('talents_created_id_idx').on(t.createdAt, t.id),
    index('talents_consent_confirmed_by_idx').on(t.consentConfirmedByUserId),
    check(
      'talents_prices_non_negative',
      sql`${t.creditsToSendMessage} >= 0 and ${t.creditsToUnlockImage} >= 0 and ${t.creditsToUnlockAudio} >= 0 and (${t.creditsToUnlockFirstImage} is null or ${t.creditsToUnlockFirstImage} >= 0)`,
    ),
    check('talents_age_positive', sql`${t.age} is null or ${t.age} > 0`),
  ],
);

/**
 * Who manages which talent (a user's managed twins, docs/product-rules.md#records). The API's "manages talent" check
 * reads this table, so the primary key leads with userId and talentId has its own index.
 */
export const talentManagers = pgTable(
  'talent_managers',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.talentId] }), index('talent_managers_talent_idx').on(t.talentId)],
);
