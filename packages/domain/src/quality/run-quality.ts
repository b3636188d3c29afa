// The `quality.run` job's work (docs/quality.md): refresh the twin's check set, mark the run
// RUNNING, answer and score each enabled case (bounded), store each result once (a retry skips the
// cases already stored), then the scores per category, the overall score (their mean) and DONE.
import {
  type Database,
  modelVersions,
  type QualityCategoryScores,
  qualityCases,
  qualityResults,
  qualityRuns,
  recordChanges,
} from '@doppel/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReplyModelRoute } from '../chat/reply/load.ts';
import { LlmError, type LlmPort } from '../ports/llm.ts';
import { answerCase, type CaseAnswerDeps, loadQualityTwin, type QualityTwin } from './answer-case.ts';
import { qualityRunChanged } from './changes.ts';
import { refreshCheckSet } from './check-set.ts';
import { caseScorer } from './score-case.ts';

/** QUALITY_MAX_CASES's default: a run answers at most this many cases. */
export const defaultMaxCases = 200;
/** QUALITY_MAX_TOKENS's default: a chat reply, not an essay. */
export const defaultMaxTokens = 300;
/** Cases answered at once: a remote model answers in parallel, the database takes a few writers. */
export const caseConcurrency = 4;

/** The version a run answers with, as the engine routing needs it. */
export type QualityVersion = typeof modelVersions.$inferSelect;

/** The model a run answers with and the port that reaches it. */
export type QualityEngine = { llm: LlmPort; model: string };

export type QualityRunDeps = CaseAnswerDeps & {
  db: Database;
  /** The worker's engine: it embeds, and judges when it is a real model. */
  llm: LlmPort;
  /**
   * The engine answering for the twin's default (`null`) or for a version. Default
   * (`defaultLlmFor`): the worker's engine with the version's fine-tuned model as the model.
   */
  llmFor?: (version: QualityVersion | null, twin: QualityTwin) => QualityEngine;
  /** OPENAI_CHAT_MODEL: replaces every model, as for replies. */
  modelOverride?: string;
  judgeModel?: string;
  maxCases?: number;
  maxTokens?: number;
  /** After each stored case (and once at the start); `caseMs`: how long that case took to answer, score and store. */
  onProgress?: (progress: { done: number; total: number; caseMs?: number }) => void;
};

/** A failure a retry will not mend (the twin or the version is gone): the run ends FAILED with this message. */
export class QualityRunFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QualityRunFailure';
  }
}

export type QualityRunOutcome =
  | { status: 'missing' }
  | { status: 'FAILED'; errorMessage: string | null }
  | { status: 'DONE'; overallScore: number | null; categoryScores: QualityCategoryScores; caseCount: number; scored: number };

export function defaultLlmFor(llm: LlmPort, modelOverride?: string) {
  return (version: QualityVersion | null, twin: QualityTwin): QualityEngine => ({
    llm,
    model: modelOverride ?? (version ? (version.fineTunedModelId ?? version.base) : twin.defaultModelId),
  });
}

/**
 * `llmFor` for a worker that routes replies by provider (docs/fine-tuning.md#how-replies-route): a
 * version, or the twin's default version, answers where it is served (Together, a registered
 * endpoint) with its own model id; anything else as `defaultLlmFor`.
 */
export function routedLlmFor(llm: LlmPort, llmForRoute: (route: ReplyModelRoute) => LlmPort | undefined, modelOverride?: string) {
  const fallback = defaultLlmFor(llm, modelOverride);
  return (version: QualityVersion | null, twin: QualityTwin): QualityEngine => {
    const route = version
      ? { provider: version.provider, endpointUrl: version.endpointUrl, endpointApiKey: version.endpointApiKey }
      : twin.defaultRoute;
    const routed = route ? llmForRoute(route) : undefined;
    if (!routed) return fallback(version, twin);
    return { llm: routed, model: version ? (version.fineTunedModelId ?? version.base) : twin.defaultModelId };
  };
}

/** Runs (or resumes) one quality run; see the file comment. Throws for a retry; QualityRunFailure for good. */
export async function executeQualityRun(deps: QualityRunDeps, runId: string): Promise<QualityRunOutcome> {
  const { db } = deps;
  const [run] = await db.select().from(qualityRuns).where(eq(qualityRuns.id, runId)).limit(1);
  if (!run) return { status: 'missing' };
  if (run.status === 'DONE') return doneOutcome(run, 0);
  if (run.status === 'FAILED') return { status: 'FAILED', errorMessage: run.errorMessage };
  const twin = await loadQualityTwin(db, run.talentId);
  if (!twin) throw new QualityRunFailure('The twin no longer exists.');
  let version: QualityVersion | null = null;
  if (run.modelVersionId) {
    [version = null] = await db.select().from(modelVersions).where(eq(modelVersions.id, run.modelVersionId)).limit(1);
    if (!version) throw new QualityRunFailure('The model version no longer exists.');
    if (version.status !== 'SUCCEEDED') throw new QualityRunFailure('The model version has not finished training.');
  }
  const engine = (deps.llmFor ?? defaultLlmFor(deps.llm, deps.modelOverride))(version, twin);
  const scorer = caseScorer(deps.llm, deps.judgeModel);

  await db.transaction(async (tx) => {
    await refreshCheckSet(tx, run.talentId);
    await tx
      .update(qualityRuns)
      .set({
        status: 'RUNNING',
        modelId: engine.model,
        scorer: scorer.kind,
        startedAt: sql`coalesce(${qualityRuns.startedAt}, now())`,
      })
      .where(eq(qualityRuns.id, runId));
    await recordChanges(tx, [qualityRunChanged(run.talentId, runId)]);
  });

  const [cases, stored] = await Promise.all([
    db
      .select()
      .from(qualityCases)
      .where(and(eq(qualityCases.talentId, run.talentId), eq(qualityCases.enabled, true)))
      // Each category's first cases in turn: a twin with hundreds of corrections still gets its
      // honesty and boundary cases within the bound.
      .orderBy(
        sql`row_number() over (partition by ${qualityCases.category} order by ${qualityCases.createdAt}, ${qualityCases.id})`,
        asc(qualityCases.category),
      )
      .limit(deps.maxCases ?? defaultMaxCases),
    db.select({ caseId: qualityResults.caseId }).from(qualityResults).where(eq(qualityResults.runId, runId)),
  ]);
  const done = new Set(stored.map((row) => row.caseId));
  const todo = cases.filter((entry) => !done.has(entry.id));
  let finished = cases.length - todo.length;
  deps.onProgress?.({ done: finished, total: cases.length });

  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const entry = todo[next++];
      if (!entry) return;
      const begun = performance.now();
      const answer = await answerCase(deps, twin, entry.question, { ...engine, maxTokens: deps.maxTokens ?? defaultMaxTokens });
      const verdict = await scorer.score({
        category: entry.category,
        question: entry.question,
        expected: entry.expected,
        answer,
      });
      await db
        .insert(qualityResults)
        .values({
          runId,
          caseId: entry.id,
          category: entry.category,
          question: entry.question,
          expected: entry.expected,
          answer,
          score: verdict.score,
          reason: verdict.reason,
        })
        .onConflictDoNothing({ target: [qualityResults.runId, qualityResults.caseId] });
      deps.onProgress?.({ done: ++finished, total: cases.length, caseMs: performance.now() - begun });
    }
  };
  await Promise.all(Array.from({ length: Math.min(caseConcurrency, todo.length) }, worker));
  return finishRun(db, run.talentId, runId, todo.length);
}

/** Stores the run's scores from its stored results and marks it DONE. */
async function finishRun(db: Database, talentId: string, runId: string, scored: number): Promise<QualityRunOutcome> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        category: qualityResults.category,
        mean: sql<number>`avg(${qualityResults.score})::float8`,
        count: sql<number>`count(*)::int`,
      })
      .from(qualityResults)
      .where(eq(qualityResults.runId, runId))
      .groupBy(qualityResults.category);
    const categoryScores: QualityCategoryScores = Object.fromEntries(rows.map((row) => [row.category, round3(row.mean)]));
    const means = rows.map((row) => row.mean);
    const overallScore = means.length > 0 ? round3(means.reduce((sum, mean) => sum + mean, 0) / means.length) : null;
    const caseCount = rows.reduce((sum, row) => sum + row.count, 0);
    const [run] = await tx
      .update(qualityRuns)
      .set({ status: 'DONE', categoryScores, overallScore, caseCount, errorMessage: null, finishedAt: new Date() })
      .where(eq(qualityRuns.id, runId))
      .returning();
    await recordChanges(tx, [qualityRunChanged(talentId, runId)]);
    return run ? doneOutcome(run, scored) : { status: 'missing' as const };
  });
}

function doneOutcome(run: typeof qualityRuns.$inferSelect, scored: number): QualityRunOutcome {
  return { status: 'DONE', overallScore: run.overallScore, categoryScores: run.categoryScores, caseCount: run.caseCount, scored };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** What the admin reads on a failed run: ours when we know why, a generic line otherwise (the log has the rest). */
export function runFailureMessage(error: unknown): string {
  if (error instanceof QualityRunFailure) return error.message;
  if (error instanceof LlmError) return 'The model could not answer the checks; try the run again later.';
  return 'The run failed unexpectedly; the worker log has the details.';
}

/** Ends a run FAILED with `message`, unless it finished meanwhile. */
export async function markRunFailed(db: Database, runId: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [run] = await tx
      .update(qualityRuns)
      .set({ status: 'FAILED', errorMessage: message, finishedAt: new Date() })
      .where(and(eq(qualityRuns.id, runId), sql`${qualityRuns.status} <> 'DONE'`))
      .returning({ talentId: qualityRuns.talentId });
    if (run) await recordChanges(tx, [qualityRunChanged(run.talentId, runId)]);
  });
}

/** Whether a failure will not pass with a retry. */
export function isPermanentRunFailure(error: unknown): boolean {
  return error instanceof QualityRunFailure || (error instanceof LlmError && !error.retryable);
}
