import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import type {
  QualityCaseCategory,
  QualityCaseOrigin,
  QualityCategoryScores,
  QualityRunStatus,
  QualityRunTrigger,
  QualityScorer,
} from './json-types.ts';
import { modelVersions } from './models.ts';
import { talents } from './talents.ts';

const categories = sql.raw(`('FAQ', 'KNOWLEDGE', 'CORRECTION', 'BOUNDARY', 'HONESTY')`);

/**
 * One question of a twin's check set (docs/quality.md) and what a good answer says. AUTO cases are
 * kept up to date from the twin's FAQ, knowledge, corrections and boundaries, keyed by `sourceKey`
 * (e.g. `faq:{id}`, `passage:{id}`, `correction:{id}`, `boundary:topic:{topic}`, `honesty:real-person`)
 * so a refresh updates them in place; ADMIN cases are an admin's and never overwritten.
 */
export const qualityCases = pgTable(
  'quality_cases',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    category: text().$type<QualityCaseCategory>().notNull(),
    origin: text().$type<QualityCaseOrigin>().notNull(),
    /** Where an AUTO case comes from; null for an admin's. */
    sourceKey: text(),
    /** What the fan says. */
    question: text().notNull(),
    /** What a good answer says or does (for boundary and honesty cases: how it declines or admits). */
    expected: text().notNull(),
    /** An admin may switch a case off; an AUTO case whose source is gone is switched off, not deleted (runs refer to it). */
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quality_cases_talent_source_unique').on(t.talentId, t.sourceKey),
    index('quality_cases_talent_category_idx').on(t.talentId, t.category),
    check('quality_cases_category_check', sql`${t.category} in ${categories}`),
    check('quality_cases_origin_check', sql`${t.origin} in ('AUTO', 'ADMIN')`),
    check('quality_cases_source_key_check', sql`(${t.origin} = 'AUTO') = (${t.sourceKey} is not null)`),
  ],
);

/**
 * One scoring of a twin's check set: with its current setup (`modelVersionId` null) or with a model
 * version (before it may become the default). Runs are worker jobs (`quality.run`); scores are 0..1.
 */
export const qualityRuns = pgTable(
  'quality_runs',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The version answered with; null: whatever the twin answers with at the time (its default). */
    modelVersionId: text().references(() => modelVersions.id, { onDelete: 'cascade' }),
    /** The model id really used, for the record. */
    modelId: text(),
    trigger: text().$type<QualityRunTrigger>().notNull(),
    status: text().$type<QualityRunStatus>().notNull().default('QUEUED'),
    scorer: text().$type<QualityScorer>(),
    overallScore: real(),
    categoryScores: jsonb().$type<QualityCategoryScores>().notNull().default({}),
    caseCount: integer().notNull().default(0),
    /** Why a run failed, for the admin. */
    errorMessage: text(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('quality_runs_talent_created_idx').on(t.talentId, t.createdAt),
    index('quality_runs_version_idx').on(t.modelVersionId),
    check('quality_runs_trigger_check', sql`${t.trigger} in ('MANUAL', 'NEW_VERSION', 'TWIN_CHANGED', 'NIGHTLY')`),
    check('quality_runs_status_check', sql`${t.status} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`),
    check('quality_runs_scorer_check', sql`${t.scorer} in ('judge', 'offline')`),
  ],
);

/**
 * One case's answer and score in a run, with the case as it was then (a case edited or switched
 * off later does not change an old run). Unique per run and case: a retried run stores each once.
 */
export const qualityResults = pgTable(
  'quality_results',
  {
    id: idColumn(),
    runId: text()
      .notNull()
      .references(() => qualityRuns.id, { onDelete: 'cascade' }),
    caseId: text()
      .notNull()
      .references(() => qualityCases.id, { onDelete: 'cascade' }),
    category: text().$type<QualityCaseCategory>().notNull(),
    question: text().notNull(),
    expected: text().notNull(),
    answer: text().notNull(),
    score: real().notNull(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quality_results_run_case_unique').on(t.runId, t.caseId),
    index('quality_results_case_idx').on(t.caseId),
    check('quality_results_category_check', sql`${t.category} in ${categories}`),
    check('quality_results_score_check', sql`${t.score} >= 0 and ${t.score} <= 1`),
  ],
);
