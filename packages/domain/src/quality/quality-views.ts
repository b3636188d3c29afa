// What the quality screens read (docs/quality.md): a twin's runs and one run's results, each model
// version's latest run, a version's latest finished run beside the default's, the twins whose
// nightly score dropped, and the creator's "Twin quality" card. Writes live in quality-cases-admin.ts
// and quality-correct.ts; the worker's quality.run job fills the runs in.
import { type ChangeEvent, type Executor, models, qualityResults, qualityRuns, talentCorrections, talents } from '@doppel/db';
import {
  type QualityCompareOutput,
  type QualityDroppedOutput,
  type QualityModelOutput,
  type QualityRunDetail,
  type QualityRunSummary,
  qualityTrendLength,
  qualityWeakestCount,
  type TalentQualityOutput,
} from '@doppel/validation';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import { qualityRunChanged } from './changes.ts';
import { qualityRegressions } from './quality-scores.ts';
import { compareRuns, latestRuns, qualityDrops, runWithResults } from './reads.ts';

/** A twin's check set or runs changed: its Quality tab, the Models detail and the creator's card refresh. */
export function qualityChanged(talentId: string, entity: 'quality_cases' | 'quality_runs', rowId: string): ChangeEvent {
  if (entity === 'quality_runs') return qualityRunChanged(talentId, rowId);
  return { entity, rowId, scopes: ['admin', `talent:${talentId}`] };
}

/** The tables the quality screens watch for live updates. */
export const qualityLiveEntities = ['quality_cases', 'quality_runs', 'quality_results', 'talent_corrections', 'models'] as const;

type RunRow = typeof qualityRuns.$inferSelect;

export function runSummary(run: RunRow): QualityRunSummary {
  return {
    id: run.id,
    talentId: run.talentId,
    modelVersionId: run.modelVersionId,
    modelId: run.modelId,
    trigger: run.trigger,
    status: run.status,
    scorer: run.scorer,
    overallScore: run.overallScore,
    categoryScores: run.categoryScores,
    caseCount: run.caseCount,
    errorMessage: run.errorMessage,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

const newestFirst = [desc(qualityRuns.createdAt), desc(qualityRuns.id)] as const;
const isActive = inArray(qualityRuns.status, ['QUEUED', 'RUNNING']);

/** `admin.quality.runs`: the twin's last 50 runs, latest first. */
export async function listQualityRuns(db: Executor, talentId: string): Promise<{ runs: QualityRunSummary[] }> {
  return { runs: (await latestRuns(db, talentId, { limit: 50 })).map(runSummary) };
}

/** `admin.quality.run`: one run and its results, weakest first. */
export async function getQualityRun(db: Executor, runId: string): Promise<QualityRunDetail> {
  const found = await runWithResults(db, runId);
  if (!found) throw new DomainError('NOT_FOUND', 'This quality run does not exist.');
  return {
    run: runSummary(found.run),
    results: found.results.map(({ caseId, category, question, expected, answer, score, reason }) => ({
      caseId,
      category,
      question,
      expected,
      answer,
      score,
      reason,
    })),
  };
}

/** The latest DONE run of a version (or, with null, of the twin's current setup). */
export async function latestDoneRun(db: Executor, talentId: string, versionId: string | null): Promise<RunRow | undefined> {
  const [run] = await db
    .select()
    .from(qualityRuns)
    .where(
      and(
        eq(qualityRuns.talentId, talentId),
        versionId ? eq(qualityRuns.modelVersionId, versionId) : isNull(qualityRuns.modelVersionId),
        eq(qualityRuns.status, 'DONE'),
      ),
    )
    .orderBy(...newestFirst)
    .limit(1);
  return run;
}

/** Whether a check of the version (or of the current setup, with null) is queued or running. */
export async function hasActiveRun(db: Executor, talentId: string, versionId: string | null): Promise<boolean> {
  const [run] = await db
    .select({ id: qualityRuns.id })
    .from(qualityRuns)
    .where(
      and(
        eq(qualityRuns.talentId, talentId),
        versionId ? eq(qualityRuns.modelVersionId, versionId) : isNull(qualityRuns.modelVersionId),
        isActive,
      ),
    )
    .limit(1);
  return run !== undefined;
}

/**
 * What a version is measured against: the default version's latest finished run, else the twin's
 * current setup's (which answers with the default, or with no fine-tuned model before there is one).
 */
export async function baselineRun(db: Executor, talentId: string, defaultVersionId: string | null): Promise<RunRow | undefined> {
  const ofDefault = defaultVersionId ? await latestDoneRun(db, talentId, defaultVersionId) : undefined;
  return ofDefault ?? (await latestDoneRun(db, talentId, null));
}

async function modelWithTwin(db: Executor, modelId: string) {
  const [model] = await db
    .select({
      talentId: models.talentId,
      defaultVersionId: models.defaultVersionId,
      previousDefaultVersionId: models.previousDefaultVersionId,
    })
    .from(models)
    .where(eq(models.id, modelId));
  if (!model) throw new DomainError('NOT_FOUND', 'Model not found');
  return model;
}

/** `admin.quality.model`: each version's latest run (any status) and the current setup's, for the Models detail. */
export async function getModelQuality(db: Executor, modelId: string): Promise<QualityModelOutput> {
  const model = await modelWithTwin(db, modelId);
  const base = {
    talentId: model.talentId,
    defaultVersionId: model.defaultVersionId,
    previousDefaultVersionId: model.previousDefaultVersionId,
  };
  if (!model.talentId) return { ...base, versions: [], currentSetup: null };
  // The newest run per version of this twin, and of its current setup (modelVersionId null).
  const latest = await db
    .selectDistinctOn([qualityRuns.modelVersionId])
    .from(qualityRuns)
    .where(eq(qualityRuns.talentId, model.talentId))
    .orderBy(qualityRuns.modelVersionId, ...newestFirst);
  const currentSetup = latest.find((run) => run.modelVersionId === null);
  return {
    ...base,
    versions: latest.flatMap((run) =>
      run.modelVersionId ? [{ versionId: run.modelVersionId, latestRun: runSummary(run) }] : [],
    ),
    currentSetup: currentSetup ? runSummary(currentSetup) : null,
  };
}

/**
 * `admin.quality.compare` (and Make Default's guard): the version's latest finished run beside the
 * default's, what scores worse, and the cases both answered where the version did worse.
 */
export async function compareVersionQuality(
  db: Executor,
  input: { modelId: string; versionId: string },
): Promise<QualityCompareOutput> {
  const model = await modelWithTwin(db, input.modelId);
  const empty = { versionRun: null, defaultRun: null, versionRunning: false, regressions: [], worseCases: [] };
  if (!model.talentId) return empty;
  const [versionRun, versionRunning, defaultRun] = await Promise.all([
    latestDoneRun(db, model.talentId, input.versionId),
    hasActiveRun(db, model.talentId, input.versionId),
    input.versionId === model.defaultVersionId ? undefined : baselineRun(db, model.talentId, model.defaultVersionId),
  ]);
  const compared = {
    ...empty,
    versionRunning,
    versionRun: versionRun ? runSummary(versionRun) : null,
    defaultRun: defaultRun ? runSummary(defaultRun) : null,
  };
  if (!versionRun || !defaultRun) return compared;
  const comparison = await compareRuns(db, { baseRunId: defaultRun.id, candidateRunId: versionRun.id });
  return {
    ...compared,
    regressions: qualityRegressions(versionRun, defaultRun),
    worseCases: (comparison?.worsened ?? []).map((worse) => ({
      caseId: worse.caseId,
      category: worse.category,
      question: worse.question,
      expected: worse.expected,
      versionAnswer: worse.candidate.answer,
      versionScore: Number(worse.candidate.score),
      defaultAnswer: worse.base.answer,
      defaultScore: Number(worse.base.score),
    })),
  };
}

/** `admin.quality.dropped`: the engine's nightly drops (qualityDrops), with each twin's handle. */
export async function listQualityDrops(db: Executor): Promise<QualityDroppedOutput> {
  const drops = await qualityDrops(db);
  if (drops.length === 0) return { items: [] };
  const [tags, runs] = await Promise.all([
    db
      .select({ id: talents.id, tag: talents.tag })
      .from(talents)
      .where(
        inArray(
          talents.id,
          drops.map((drop) => drop.talentId),
        ),
      ),
    db
      .select({ id: qualityRuns.id, finishedAt: qualityRuns.finishedAt })
      .from(qualityRuns)
      .where(
        inArray(
          qualityRuns.id,
          drops.map((drop) => drop.runId),
        ),
      ),
  ]);
  return {
    items: drops.map((drop) => ({
      talentId: drop.talentId,
      talentName: drop.talentName,
      tag: tags.find((row) => row.id === drop.talentId)?.tag ?? null,
      previousScore: drop.previousScore,
      latestScore: drop.score,
      runId: drop.runId,
      finishedAt: runs.find((row) => row.id === drop.runId)?.finishedAt?.toISOString() ?? null,
    })),
  };
}

/** `talent.quality.get`: the creator's card for a twin they manage. */
export async function getTalentQuality(db: Executor, viewer: Viewer, talentId: string): Promise<TalentQualityOutput> {
  if (!managesTalent(viewer, talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
  const [recent, checking] = await Promise.all([
    db
      .select({ id: qualityRuns.id, overallScore: qualityRuns.overallScore, finishedAt: qualityRuns.finishedAt })
      .from(qualityRuns)
      .where(
        and(
          eq(qualityRuns.talentId, talentId),
          isNull(qualityRuns.modelVersionId),
          eq(qualityRuns.status, 'DONE'),
          sql`${qualityRuns.overallScore} is not null`,
        ),
      )
      .orderBy(...newestFirst)
      .limit(qualityTrendLength),
    hasActiveRun(db, talentId, null),
  ]);
  const [latest] = recent;
  if (!latest) return { latest: null, checking, trend: [], weakest: [] };
  const weakest = await db
    .select({
      caseId: qualityResults.caseId,
      category: qualityResults.category,
      question: qualityResults.question,
      answer: qualityResults.answer,
      expected: qualityResults.expected,
      reason: qualityResults.reason,
      score: qualityResults.score,
      correction: talentCorrections.answerText,
    })
    .from(qualityResults)
    .leftJoin(talentCorrections, eq(talentCorrections.qualityCaseId, qualityResults.caseId))
    .where(and(eq(qualityResults.runId, latest.id), sql`${qualityResults.score} < 1`))
    .orderBy(asc(qualityResults.score), asc(qualityResults.question))
    .limit(qualityWeakestCount);
  const finished = (at: Date | null) => at?.toISOString() ?? null;
  return {
    latest: { runId: latest.id, overallScore: latest.overallScore ?? 0, finishedAt: finished(latest.finishedAt) },
    checking,
    trend: recent
      .slice()
      .reverse()
      .map((run) => ({ runId: run.id, finishedAt: finished(run.finishedAt), score: run.overallScore ?? 0 })),
    weakest,
  };
}
