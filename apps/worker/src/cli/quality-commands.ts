// `quality run <twin>` and `quality report <twin>` (docs/quality.md): a MANUAL run scored now in this
// process with the worker's model settings, printing its progress and scores; and the twin's
// latest runs with the weakest cases of the newest finished one. A twin is named by tag or id.
import { type Database, talents } from '@doppel/db';
import type { LlmPort } from '@doppel/domain/ports';
import {
  createQualityRun,
  executeQualityRun,
  latestRuns,
  markRunFailed,
  runFailureMessage,
  runWithResults,
} from '@doppel/domain/quality';
import { eq, or, sql } from 'drizzle-orm';
import { CliError, type OpsContext } from './context.ts';
import { formatTable, formatTime, truncate } from './format.ts';

/** What `quality run` answers and scores with: the worker's settings, read by the CLI's env. */
export type QualityCliEngine = {
  llm: LlmPort;
  modelOverride?: string;
  judgeModel?: string;
  maxCases?: number;
  maxTokens?: number;
};

async function findTwin(db: Database, twin: string): Promise<{ id: string; name: string; tag: string | null }> {
  const tag = twin.replace(/^@/, '');
  const [row] = await db
    .select({ id: talents.id, name: talents.name, tag: talents.tag })
    .from(talents)
    .where(or(eq(talents.id, twin), sql`lower(${talents.tag}) = lower(${tag})`))
    .limit(1);
  if (!row) throw new CliError(`no twin with tag or id "${twin}"`);
  return row;
}

const percent = (score: number | null | undefined) =>
  score === null || score === undefined ? '-' : `${Math.round(score * 100)}%`;

export async function runQualityNow(context: OpsContext, twin: string, engine: QualityCliEngine): Promise<void> {
  const { db } = context.client;
  const found = await findTwin(db, twin);
  const runId = await db.transaction((tx) => createQualityRun(tx, { talentId: found.id, trigger: 'MANUAL' }));
  context.out(`run ${runId} for ${found.name} (${engine.llm.engine} engine)`);
  let lastShown = 0;
  const started = Date.now();
  const outcome = await executeQualityRun(
    {
      db,
      llm: engine.llm,
      modelOverride: engine.modelOverride,
      judgeModel: engine.judgeModel,
      maxCases: engine.maxCases,
      maxTokens: engine.maxTokens,
      onProgress: ({ done, total }) => {
        // A line every tenth of the way (and the last), not one per case.
        if (done === total || done - lastShown >= Math.max(1, Math.ceil(total / 10))) {
          lastShown = done;
          context.out(`  ${done}/${total} cases`);
        }
      },
    },
    runId,
  ).catch(async (error: unknown) => {
    // Nobody retries a run started here: it ends FAILED, and the error is printed.
    await markRunFailed(db, runId, runFailureMessage(error));
    throw error;
  });
  if (outcome.status !== 'DONE') throw new CliError(`the run ended ${outcome.status}`);
  const seconds = (Date.now() - started) / 1000;
  context.out(
    formatTable(
      ['category', 'score'],
      Object.entries(outcome.categoryScores).map(([category, score]) => [category, percent(score)]),
    ),
  );
  context.out(`overall ${percent(outcome.overallScore)} over ${outcome.caseCount} cases in ${seconds.toFixed(1)} s`);
}

export async function reportQuality(context: OpsContext, twin: string, limit: number): Promise<void> {
  const { db } = context.client;
  const found = await findTwin(db, twin);
  const runs = await latestRuns(db, found.id, { limit });
  if (runs.length === 0) {
    context.out(`no quality runs for ${found.name} yet; start one with \`npm run ops -- quality run ${found.tag ?? found.id}\``);
    return;
  }
  context.out(
    formatTable(
      ['run', 'created (UTC)', 'trigger', 'status', 'model', 'overall', 'FAQ', 'KNOW', 'CORR', 'BOUND', 'HONEST', 'cases'],
      runs.map((run) => [
        run.id,
        formatTime(run.createdAt),
        run.trigger,
        run.status,
        truncate(run.modelId ?? '-', 28),
        percent(run.overallScore),
        percent(run.categoryScores.FAQ),
        percent(run.categoryScores.KNOWLEDGE),
        percent(run.categoryScores.CORRECTION),
        percent(run.categoryScores.BOUNDARY),
        percent(run.categoryScores.HONESTY),
        run.caseCount,
      ]),
    ),
  );
  const newestDone = runs.find((run) => run.status === 'DONE');
  if (!newestDone) return;
  const detail = await runWithResults(db, newestDone.id);
  const weakest = (detail?.results ?? []).slice(0, 10);
  context.out(`\nweakest cases of run ${newestDone.id}:`);
  context.out(
    formatTable(
      ['score', 'category', 'question', 'answer', 'why'],
      weakest.map((result) => [
        percent(result.score),
        result.category,
        truncate(result.question, 40),
        truncate(result.answer.replaceAll('\n', ' '), 40),
        truncate(result.reason, 50),
      ]),
    ),
  );
}
