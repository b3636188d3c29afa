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
  qualityDropThreshold,
  qualityTrendLength,
  qualityWeakestCount,
  type TalentQualityOutput,
} from '@doppel/validation';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import { qualityRegressions } from './quality-scores.ts';

/** A twin's check set or runs changed: its Quality tab, the Models detail and the creator's card refresh. */
export function qualityChanged(talentId: string, entity: 'quality_cases' | 'quality_runs', rowId: string): ChangeEvent {
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
  const rows = await db
    .select()
    .from(qualityRuns)
    .where(eq(qualityRuns.talentId, talentId))
    .orderBy(...newestFirst)
    .limit(50);
  return { runs: rows.map(runSummary) };
}

/** `admin.quality.run`: one run and its results, weakest first. */
export async function getQualityRun(db: Executor, runId: string): Promise<QualityRunDetail> {
  const [run] = await db.select().from(qualityRuns).where(eq(qualityRuns.id, runId));
  if (!run) throw new DomainError('NOT_FOUND', 'This quality run does not exist.');
  const results = await db
    .select({
      caseId: qualityResults.caseId,
      category: qualityResults.category,
      question: qualityResults.question,
      expected: qualityResults.expected,
      answer: qualityResults.answer,
      score: qualityResults.score,
      reason: qualityResults.reason,
    })
    .from(qualityResults)
    .where(eq(qualityResults.runId, run.id))
    .orderBy(asc(qualityResults.score), asc(qualityResults.question));
  return { run: runSummary(run), results };
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
  const worseCases = await db.execute<{
    case_id: string;
    category: QualityCompareOutput['worseCases'][number]['category'];
    question: string;
    expected: string;
    version_answer: string;
    version_score: number;
    default_answer: string;
    default_score: number;
  }>(sql`
    select v.case_id, v.category, v.question, v.expected,
           v.answer as version_answer, v.score as version_score,
           d.answer as default_answer, d.score as default_score
    from ${qualityResults} v
    join ${qualityResults} d on d.case_id = v.case_id and d.run_id = ${defaultRun.id}
    where v.run_id = ${versionRun.id} and v.score < d.score
    order by d.score - v.score desc, v.question
    limit 50`);
  return {
    ...compared,
    regressions: qualityRegressions(versionRun, defaultRun),
    worseCases: [...worseCases].map((row) => ({
      caseId: row.case_id,
      category: row.category,
      question: row.question,
      expected: row.expected,
      versionAnswer: row.version_answer,
      versionScore: Number(row.version_score),
      defaultAnswer: row.default_answer,
      defaultScore: Number(row.default_score),
    })),
  };
}

/** `admin.quality.dropped`: twins whose latest NIGHTLY overall score fell by the threshold or more since the one before. */
export async function listQualityDrops(db: Executor): Promise<QualityDroppedOutput> {
  const rows = await db.execute<{
    talent_id: string;
    name: string;
    tag: string | null;
    run_id: string;
    latest: number;
    previous: number;
    finished_at: Date | string | null;
  }>(sql`
    with nightly as (
      select r.id, r.talent_id, r.overall_score, r.finished_at,
             row_number() over (partition by r.talent_id order by r.created_at desc, r.id desc) as n
      from ${qualityRuns} r
      where r.trigger = 'NIGHTLY' and r.status = 'DONE' and r.overall_score is not null
    )
    select l.talent_id, t.name, t.tag, l.id as run_id, l.overall_score as latest, p.overall_score as previous, l.finished_at
    from nightly l
    join nightly p on p.talent_id = l.talent_id and p.n = 2
    join ${talents} t on t.id = l.talent_id
    where l.n = 1 and p.overall_score - l.overall_score >= ${qualityDropThreshold - 1e-9}
    order by p.overall_score - l.overall_score desc, t.name
    limit 100`);
  return {
    items: [...rows].map((row) => ({
      talentId: row.talent_id,
      talentName: row.name,
      tag: row.tag,
      previousScore: Number(row.previous),
      latestScore: Number(row.latest),
      runId: row.run_id,
      finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
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
