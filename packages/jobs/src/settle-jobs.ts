// Completes many finished jobs of one queue in one statement, each with its own output. pg-boss's
// public complete() takes many ids but one output for all of them; the statement that gives each job
// its own is pg-boss's own (what its `perJobResults` workers settle a batch with), kept private to
// its worker. It is fenced to the attempt each job was fetched at and to the `active` state, as
// complete() is: a job whose claim lapsed meanwhile (the stalled sweep retried it) stays as it is.
import type { PgBoss } from 'pg-boss';
import { BASE_JOB_TABLE, completeJobsWithOutputs } from 'pg-boss/dist/plans.js';
import { bossSchema } from './boss.ts';

export type JobCompletion = { id: string; retryCount: number; output?: unknown };

/** The statement, built once, on the root of pg-boss's job tables (every queue's jobs, by `name`). */
const completeStatement = completeJobsWithOutputs(bossSchema, BASE_JOB_TABLE);

/** Completes `jobs` of queue `name` in one statement; resolves with the ids it completed. */
export async function completeJobs(boss: PgBoss, name: string, jobs: readonly JobCompletion[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const payload = jobs.map((job) => ({ id: job.id, retry_count: job.retryCount, output: completionOutput(job.output) }));
  const { rows } = await boss.getDb().executeSql(completeStatement, [name, JSON.stringify(payload)]);
  const [row] = rows as { ids?: string[] | null }[];
  return row?.ids ?? [];
}

/** What pg-boss keeps as a job's output, as its complete() maps it: an object as it is, anything else under `value`. */
function completionOutput(output: unknown): object | null {
  if (output === null || output === undefined || typeof output === 'function') return null;
  return typeof output === 'object' && !Array.isArray(output) ? output : { value: output };
}
