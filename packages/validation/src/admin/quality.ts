// Twin quality checks in the back office (admin.quality.*, docs/quality.md): a twin's check set
// (admins edit their own cases; AUTO cases follow the twin's material and are only switched off),
// its runs and their results, "Run now", a version's run beside the default's, and the twins whose
// nightly score dropped. Scores are 0..1; screens show them as percentages.
import { z } from 'zod';
import { adminId } from './list.ts';
import { qualityCategories, qualityRunStatuses, qualityRunTriggers } from './quality-labels.ts';

const score = z.number().min(0).max(1);
const categoryScores = z.partialRecord(z.enum(qualityCategories), score);

const caseQuestion = z.string().trim().min(1, 'Write the question a fan asks').max(2000, 'At most 2000 characters');
const caseExpected = z.string().trim().min(1, 'Write what a good answer says').max(4000, 'At most 4000 characters');

export const adminQualityTalentInput = z.object({ talentId: adminId('Talent ID') });

export const qualityCaseOutput = z.object({
  id: z.string(),
  category: z.enum(qualityCategories),
  origin: z.enum(['AUTO', 'ADMIN']),
  question: z.string(),
  expected: z.string(),
  enabled: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type QualityCaseView = z.infer<typeof qualityCaseOutput>;

/** The check set by category (check-set order), each category's cases oldest first. */
export const qualityCasesOutput = z.object({ cases: z.array(qualityCaseOutput) });
export type QualityCasesOutput = z.infer<typeof qualityCasesOutput>;

export const qualityCaseAddInput = z.object({
  talentId: adminId('Talent ID'),
  category: z.enum(qualityCategories, { error: 'Choose a category' }),
  question: caseQuestion,
  expected: caseExpected,
});
export type QualityCaseAddInput = z.infer<typeof qualityCaseAddInput>;

export const qualityCaseUpdateInput = qualityCaseAddInput.extend({ caseId: adminId('Case ID') });
export type QualityCaseUpdateInput = z.infer<typeof qualityCaseUpdateInput>;

export const qualityCaseSwitchInput = z.object({
  talentId: adminId('Talent ID'),
  caseId: adminId('Case ID'),
  enabled: z.boolean(),
});
export const qualityCaseDeleteInput = z.object({ talentId: adminId('Talent ID'), caseId: adminId('Case ID') });

export const qualityRunSummaryOutput = z.object({
  id: z.string(),
  talentId: z.string(),
  /** Null: the twin's current setup. */
  modelVersionId: z.string().nullable(),
  modelId: z.string().nullable(),
  trigger: z.enum(qualityRunTriggers),
  status: z.enum(qualityRunStatuses),
  scorer: z.enum(['judge', 'offline']).nullable(),
  overallScore: score.nullable(),
  categoryScores,
  caseCount: z.number().int().nonnegative(),
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type QualityRunSummary = z.infer<typeof qualityRunSummaryOutput>;

/** Latest first, at most 50. */
export const qualityRunsOutput = z.object({ runs: z.array(qualityRunSummaryOutput) });

export const qualityRunGetInput = z.object({ runId: adminId('Run ID') });
export const qualityResultOutput = z.object({
  caseId: z.string(),
  category: z.enum(qualityCategories),
  question: z.string(),
  expected: z.string(),
  answer: z.string(),
  score,
  reason: z.string(),
});
export type QualityResultView = z.infer<typeof qualityResultOutput>;
/** The run and its results, weakest first. */
export const qualityRunDetailOutput = z.object({ run: qualityRunSummaryOutput, results: z.array(qualityResultOutput) });
export type QualityRunDetail = z.infer<typeof qualityRunDetailOutput>;

/** "Run now": the twin's current setup, or one of its model's versions. */
export const qualityRunNowInput = z.object({ talentId: adminId('Talent ID'), modelVersionId: adminId('Version ID').nullish() });
export const qualityRunNowOutput = z.object({ runId: z.string() });

/** Each version's latest run and the twin's current setup's, for the Models detail. */
export const qualityModelInput = z.object({ modelId: adminId('Model ID') });
export const qualityModelOutput = z.object({
  talentId: z.string().nullable(),
  defaultVersionId: z.string().nullable(),
  /** What Roll back restores; null when there is nothing to roll back to. */
  previousDefaultVersionId: z.string().nullable(),
  versions: z.array(z.object({ versionId: z.string(), latestRun: qualityRunSummaryOutput.nullable() })),
  currentSetup: qualityRunSummaryOutput.nullable(),
});
export type QualityModelOutput = z.infer<typeof qualityModelOutput>;

export const qualityCompareInput = z.object({ modelId: adminId('Model ID'), versionId: adminId('Version ID') });
/** One score that got worse, as the Make Default confirmation words it. */
export const qualityRegressionOutput = z.object({
  /** A category, or null for the overall score. */
  category: z.enum(qualityCategories).nullable(),
  from: score,
  to: score,
});
export type QualityRegression = z.infer<typeof qualityRegressionOutput>;
export const qualityWorseCaseOutput = z.object({
  caseId: z.string(),
  category: z.enum(qualityCategories),
  question: z.string(),
  expected: z.string(),
  versionAnswer: z.string(),
  versionScore: score,
  defaultAnswer: z.string(),
  defaultScore: score,
});
export type QualityWorseCase = z.infer<typeof qualityWorseCaseOutput>;
export const qualityCompareOutput = z.object({
  /** The version's latest DONE run, and the default's (or the current setup's when no version is default). */
  versionRun: qualityRunSummaryOutput.nullable(),
  defaultRun: qualityRunSummaryOutput.nullable(),
  /** A run of the version still QUEUED or RUNNING: it cannot become the default yet. */
  versionRunning: z.boolean(),
  regressions: z.array(qualityRegressionOutput),
  /** Cases both runs answered where the version scored lower, worst drop first. */
  worseCases: z.array(qualityWorseCaseOutput),
});
export type QualityCompareOutput = z.infer<typeof qualityCompareOutput>;

/** Twins whose latest nightly score is lower than the nightly before by 0.05 or more (the engine's qualityDrops). */
export const qualityDroppedOutput = z.object({
  items: z.array(
    z.object({
      talentId: z.string(),
      talentName: z.string(),
      tag: z.string().nullable(),
      previousScore: score,
      latestScore: score,
      runId: z.string(),
      finishedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type QualityDroppedOutput = z.infer<typeof qualityDroppedOutput>;

/** Roll back: the model's previous default becomes its default again. */
export const adminModelRollBackInput = z.object({ modelId: adminId('Model ID') });
