import {
  type ContentLevel,
  defaultReferralRevenueSharePpm,
  defaultReplyHoldMinutes,
  defaultRevenueSharePpm,
  type LlmType,
  type ReplyExpiryAction,
} from '@doppel/validation';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { purposeEnum } from './enums.ts';
import { faqs } from './faqs.ts';
import type { ChatExample, TalentVoice } from './json-types.ts';
import { talents } from './talents.ts';

export const defaultLlmModelId = 'gpt-3.5-turbo';
export const defaultLlmType: LlmType = 'OPENAI';
/** How many chat examples go into one prompt: enough to set the tone without crowding the context. */
export const defaultChatExampleCount = 5;

/**
 * The private side of a talent (one row per talent, same id): persona, prompt, model, money
 * settings and payout details. Only managers and admins read it.
 */
export const talentConfigs = pgTable(
  'talent_configs',
  {
    id: text()
      .primaryKey()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** A copy of the chosen catalogue voice; null means "No voice". */
    voice: jsonb().$type<TalentVoice>(),
    purpose: purposeEnum(),
    /** Free text, not an enum: retired values must still load. */
    personalityTraits: text().array().notNull().default(sql`'{}'::text[]`),
    /** Free text, not an enum: an interest no longer offered still loads and shows as deprecated. */
    interests: text().array().notNull().default(sql`'{}'::text[]`),
    /** One fact per entry (one per line in the settings form). */
    facts: text().array().notNull().default(sql`'{}'::text[]`),
    chatPrompt: text().notNull().default(''),
    hasCustomChatPrompt: boolean().notNull().default(false),
    revenueSharePpm: integer().notNull().default(defaultRevenueSharePpm),
    chatExampleCount: integer().notNull().default(defaultChatExampleCount),
    chatExamples: jsonb().$type<ChatExample[]>().notNull().default([]),
    /** Text, not an enum, so a new provider family needs no migration. */
    llmType: text().$type<LlmType>().notNull().default(defaultLlmType),
    llmTemperature: doublePrecision().notNull().default(1),
    llmModelId: text().notNull().default(defaultLlmModelId),
    llmFineTunedModelId: text(),
    faqId: text().references(() => faqs.id, { onDelete: 'set null' }),
    /** Topics the twin never engages with (short phrases, matched by words in both directions). */
    blockedTopics: text().array().notNull().default(sql`'{}'::text[]`),
    /** Sites (origins) allowed to show the twin's chat in a frame (docs/embed.md); none: only Doppel's own pages. */
    embedOrigins: text().array().notNull().default(sql`'{}'::text[]`),
    /** How far the twin may go; text with a check, like llmType, so a level needs no enum migration. */
    contentLevel: text().$type<ContentLevel>().notNull().default('SAFE'),
    /** Approval mode: the twin's replies wait for the creator (a fan's chat may say otherwise). */
    replyApproval: boolean().notNull().default(false),
    /** How long a held reply waits before `replyExpiryAction` applies. */
    replyHoldMinutes: integer().notNull().default(defaultReplyHoldMinutes),
    replyExpiryAction: text().$type<ReplyExpiryAction>().notNull().default('SEND'),
    /** The talent that referred this one; it earns `referralRevenueShareForInviterPpm` of our gross. */
    referralTalentId: text().references(() => talents.id, { onDelete: 'set null' }),
    referralRevenueShareForInviterPpm: integer().notNull().default(defaultReferralRevenueSharePpm),
    referralRevenueShareForInviteesPpm: integer().notNull().default(defaultReferralRevenueSharePpm),
    /** Denormalised counter for the admin "sort by Chats". */
    chatCount: integer().notNull().default(0),
    /** Sum of pending and executed payouts, in cents (USD). */
    totalPayoutAmount: bigint({ mode: 'number' }).notNull().default(0),
    accountHolderName: text(),
    iban: text(),
    bic: text(),
    taxId: text(),
    payPalEmail: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Admin talents list sorted by Chats, keyset (chat count, id).
    index('talent_configs_chat_count_id_idx').on(t.chatCount, t.id),
    index('talent_configs_faq_idx').on(t.faqId),
    index('talent_configs_referral_talent_idx').on(t.referralTalentId),
    check(
      'talent_configs_shares_range',
      sql`${t.revenueSharePpm} between 0 and 1000000 and ${t.referralRevenueShareForInviterPpm} between 0 and 1000000 and ${t.referralRevenueShareForInviteesPpm} between 0 and 1000000`,
    ),
    check(
      'talent_configs_counts_non_negative',
      sql`${t.chatCount} >= 0 and ${t.chatExampleCount} >= 0 and ${t.totalPayoutAmount} >= 0`,
    ),
    check('talent_configs_temperature_non_negative', sql`${t.llmTemperature} >= 0`),
    check('talent_configs_content_level_check', sql`${t.contentLevel} in ('SAFE', 'SUGGESTIVE', 'ADULT')`),
    check('talent_configs_reply_hold_check', sql`${t.replyHoldMinutes} between 1 and 10080`),
    check('talent_configs_reply_expiry_action_check', sql`${t.replyExpiryAction} in ('SEND', 'DROP')`),
  ],
);
