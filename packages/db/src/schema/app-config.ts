import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import type { FunctionSchemaConfig, MinVersion, ModelHealthRecord } from './json-types.ts';
import { models } from './models.ts';

/** The single row id of `apps` and `app_configs`. */
export const defaultAppId = 'default';

/** Settings every client reads (`App` in docs/product-rules.md#records); the voice catalogue is the `voices` table. */
export const apps = pgTable('apps', {
  id: text().primaryKey().default(defaultAppId),
  /** Shown in a chat with no messages yet. */
  emptyChatMessageText: text().notNull().default(''),
  updatedAt: updatedAt(),
});

/** Server-side settings (`AppConfig` in docs/product-rules.md#records, id `default`), edited on the admin app page. */
export const appConfigs = pgTable(
  'app_configs',
  {
    id: text().primaryKey().default(defaultAppId),
    /** Prompt templates with {{placeholders}} filled from the talent config. */
    chatPromptTemplate: text().notNull(),
    chatPromptTemplateForFaq: text().notNull(),
    talentChatPromptTemplate: text().notNull(),
    /** Default referral share for invitees, parts per million (30000 = 3 %). */
    referralRevenueSharePpm: integer().notNull().default(30_000),
    llmFunctionTemperature: doublePrecision().notNull().default(0),
    functionSchemaConfig: jsonb().$type<FunctionSchemaConfig>().notNull(),
    minVersion: jsonb().$type<MinVersion>().notNull().default({ talent: '0.0.0' }),
    /** The model whose new version is being fine-tuned; new generations wait while it is set. */
    fineTuningModelId: text().references(() => models.id, { onDelete: 'set null' }),
    isModelHealthyRecord: jsonb().$type<ModelHealthRecord>().notNull().default({}),
    /**
     * What a creator may charge for the twin's monthly subscription, in whole US cents ($4.99 to
     * $49.99 until the admins change it; @doppel/validation defaultSubscriptionPriceLimits).
     */
    subscriptionPriceMinCents: integer().notNull().default(499),
    subscriptionPriceMaxCents: integer().notNull().default(4_999),
    /**
     * The caring message of the crisis protocol (docs/safety.md), above the crisis services; empty:
     * the default of @doppel/validation (defaultCrisisReplyText).
     */
    crisisReplyText: text().notNull().default(''),
    /** How long repeated crisis messages keep the twin out of a chat. */
    crisisPauseHours: integer().notNull().default(24),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('app_configs_fine_tuning_model_idx').on(t.fineTuningModelId),
    check('app_configs_referral_share_range', sql`${t.referralRevenueSharePpm} between 0 and 1000000`),
    check('app_configs_function_temperature_range', sql`${t.llmFunctionTemperature} between 0 and 1`),
    check(
      'app_configs_subscription_price_limits',
      sql`${t.subscriptionPriceMinCents} > 0 and ${t.subscriptionPriceMinCents} <= ${t.subscriptionPriceMaxCents}`,
    ),
    check('app_configs_crisis_pause_hours_range', sql`${t.crisisPauseHours} between 1 and 720`),
  ],
);
