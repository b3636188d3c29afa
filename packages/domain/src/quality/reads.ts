// What the quality screens and the ops report read (docs/quality.md). Callers check who may read
// which twin; these only read.
import {
  type Executor,
  type QualityCaseCategory,
  type QualityCategoryScores,
  qualityResults,
  qualityRuns,
  talents,
} from '@doppel/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

export type QualityRunRow = typeof qualityRuns.$inferSelect;
export type QualityResultRow = typeof qualityResults.$inferSelect;

/** The twin's newest runs first. */
export async function latestRuns(db: Executor, talentId: string, options: { limit?: number } = {}): Promise<QualityRunRow[]> {
  return db
    .select()
    .from(qualityRuns)
    .where(eq(qualityRuns.talentId, talentId))
    .orderBy(desc(qualityRuns.createdAt), desc(qualityRuns.id))
    .limit(Math.min(Math.max(options.limit ?? 20, 1), 100));
}

/** A run and its results, weakest first; null when there is no such run. */
export async function runWithResults(
  db: Executor,
  runId: string,
): Promise<{ run: QualityRunRow; results: QualityResultRow[] } | null> {
  const [[run], results] = await Promise.all([
    db.select().from(qualityRuns).where(eq(qualityRuns.id, runId)).limit(1),
    db
      .select()
      .from(qualityResults)
      .where(eq(qualityResults.runId, runId))
      .orderBy(asc(qualityResults.score), asc(qualityResults.category), asc(qualityResults.id)),
  ]);
  return run ? { run, results } : null;
}

/** A case that scored lower in the candidate run than in the base run. */
export type WorsenedCase = {
  caseId: string;
  category: QualityCaseCategory;
  question: string;
  expected: string;
  base: { answer: string; score: number; reason: string };
  candidate: { answer: string; score: number; reason: string };
};

export type RunComparison = {
  base: QualityRunRow;
  candidate: QualityRunRow;
  /** Candidate minus base, per category both runs scored, and overall. */
  categoryDeltas: QualityCategoryScores;
  overallDelta: number | null;
  /** Cases both runs answered whose score fell, the largest fall first. */
  worsened: WorsenedCase[];
};

/** Scores this much lower count as worse: below it, an answer's wording only shifted. */
export const worsenedThreshold = 0.05;

/** Two runs of one twin side by side; null when either is missing or they are of different twins. */
export async function compareRuns(
  db: Executor,
  input: { baseRunId: string; candidateRunId: string },
): Promise<RunComparison | null> {
  const [base, candidate] = await Promise.all(
    [input.baseRunId, input.candidateRunId].map(
      async (id) => (await db.select().from(qualityRuns).where(eq(qualityRuns.id, id)))[0],
    ),
  );
  if (!base || !candidate || base.talentId !== candidate.talentId) return null;
  const categoryDeltas: QualityCategoryScores = {};
  for (const [category, score] of Object.entries(candidate.categoryScores) as Array<[QualityCaseCategory, number]>) {
    const before = base.categoryScores[category];
    if (before !== undefined) categoryDeltas[category] = round3(score - before);
  }
  const overallDelta =
    base.overallScore !== null && candidate.overallScore !== null ? round3(candidate.overallScore - base.overallScore) : null;
  const rows = await db.execute<{
    case_id: string;
    category: QualityCaseCategory;
    question: string;
    expected: string;
    base_answer: string;
    base_score: number;
    base_reason: string;
    candidate_answer: string;
    candidate_score: number;
    candidate_reason: string;
  }>(sql`
    select c.case_id, c.category, c.question, c.expected,
      b.answer as base_answer, b.score as base_score, b.reason as base_reason,
      c.answer as candidate_answer, c.score as candidate_score, c.reason as candidate_reason
    from quality_results c
    join quality_results b on b.case_id = c.case_id and b.run_id = ${base.id}
    where c.run_id = ${candidate.id} and c.score <= b.score - ${worsenedThreshold}
    order by c.score - b.score, c.case_id
    limit 100`);
  const worsened = rows.map((row) => ({
    caseId: row.case_id,
    category: row.category,
    question: row.question,
    expected: row.expected,
    base: { answer: row.base_answer, score: row.base_score, reason: row.base_reason },
    candidate: { answer: row.candidate_answer, score: row.candidate_score, reason: row.candidate_reason },
  }));
  return { base, candidate, categoryDeltas, overallDelta, worsened };
}

/** A nightly score this much lower than the night before is a drop worth an admin's look. */
export const qualityDropThreshold = 0.05;

export type QualityDrop = {
  talentId: string;
  talentName: string;
  runId: string;
  previousRunId: string;
  score: number;
  previousScore: number;
};

/** Twins whose latest DONE nightly run scored at least `qualityDropThreshold` below the previous one, largest drop first. */
export async function qualityDrops(db: Executor): Promise<QualityDrop[]> {
  const nightly = db
    .select({
      talentId: qualityRuns.talentId,
      runId: qualityRuns.id,
      score: qualityRuns.overallScore,
      rank: sql<number>`row_number() over (partition by ${qualityRuns.talentId} order by ${qualityRuns.createdAt} desc, ${qualityRuns.id} desc)`.as(
        'rank',
      ),
    })
    .from(qualityRuns)
    .where(and(eq(qualityRuns.trigger, 'NIGHTLY'), eq(qualityRuns.status, 'DONE'), sql`${qualityRuns.overallScore} is not null`))
    .as('nightly');
  const rows = await db
    .select({ talentId: nightly.talentId, runId: nightly.runId, score: nightly.score, rank: nightly.rank, name: talents.name })
    .from(nightly)
    .innerJoin(talents, eq(talents.id, nightly.talentId))
    .where(sql`${nightly.rank} <= 2`);
  const byTwin = new Map<string, { latest?: (typeof rows)[number]; previous?: (typeof rows)[number] }>();
  for (const row of rows) {
    const entry = byTwin.get(row.talentId) ?? {};
    if (Number(row.rank) === 1) entry.latest = row;
    else entry.previous = row;
    byTwin.set(row.talentId, entry);
  }
  const drops: QualityDrop[] = [];
  for (const { latest, previous } of byTwin.values()) {
    if (!latest || !previous || latest.score === null || previous.score === null) continue;
    if (previous.score - latest.score < qualityDropThreshold - 1e-9) continue;
    drops.push({
      talentId: latest.talentId,
      talentName: latest.name,
      runId: latest.runId,
      previousRunId: previous.runId,
      score: latest.score,
      previousScore: previous.score,
    });
  }
  return drops.sort((a, b) => b.previousScore - b.score - (a.previousScore - a.score));
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
