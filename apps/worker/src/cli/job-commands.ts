// `queues`, `jobs`, `run`, `retry`, `redrive`: operator views and actions on pg-boss.

import { bossSchema, enqueue, type JobName, jobCatalog } from '@doppel/jobs';
import type { PgBoss } from 'pg-boss';
import type { JobState } from './args.ts';
import { CliError, type OpsContext } from './context.ts';
import { formatTable, formatTime, truncate } from './format.ts';

async function requireQueue(boss: PgBoss, queue: string): Promise<void> {
  if (!(await boss.getQueue(queue))) throw new CliError(`unknown queue "${queue}"; \`npm run ops -- queues\` lists them`);
}

type CountRow = { name: string; state: JobState; count: number };

export async function listQueues(context: OpsContext): Promise<void> {
  const boss = await context.boss();
  const queues = (await boss.getQueues()).sort((a, b) => a.name.localeCompare(b.name));
  // Exact counts straight from the job table: getQueues() serves cached figures.
  const counts = await context.client.sql.unsafe<CountRow[]>(
    `select name, state::text as state, count(*)::int as count from ${bossSchema}.job group by name, state`,
  );
  const count = (queue: string, ...states: JobState[]) =>
    counts.filter((row) => row.name === queue && states.includes(row.state)).reduce((sum, row) => sum + row.count, 0);
  const schedules = new Map((await boss.getSchedules()).map((schedule) => [schedule.name, schedule.cron]));
  const rows = queues.map((queue) => [
    queue.name,
    count(queue.name, 'created', 'retry'),
    count(queue.name, 'active'),
    count(queue.name, 'failed'),
    count(queue.name, 'completed'),
    queue.notify ? 'yes' : 'no',
    schedules.get(queue.name) ?? '-',
  ]);
  context.out(formatTable(['QUEUE', 'QUEUED', 'ACTIVE', 'FAILED', 'COMPLETED', 'NOTIFY', 'SCHEDULE'], rows));
}

type JobRow = {
  id: string;
  state: JobState;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
  singletonKey: string | null;
  data: unknown;
  output: unknown;
};

function describeOutput(output: unknown): string {
  if (output === null || output === undefined) return '-';
  // A failed job stores its serialised error; its message is what an operator needs first.
  if (typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  return JSON.stringify(output);
}

export async function listJobs(context: OpsContext, queue: string, state: JobState | undefined, limit: number): Promise<void> {
  await requireQueue(await context.boss(), queue);
  const rows = await context.client.sql.unsafe<JobRow[]>(
    `select id, state::text as state, retry_count as "retryCount", created_on as "createdOn", completed_on as "completedOn",
            singleton_key as "singletonKey", data, output
       from ${bossSchema}.job
      where name = $1 and ($2::text is null or state::text = $2)
      order by created_on desc
      limit $3`,
    [queue, state ?? null, limit],
  );
  if (rows.length === 0) {
    context.out(`no ${state ?? ''}${state ? ' ' : ''}jobs in ${queue}`);
    return;
  }
  context.out(
    formatTable(
      ['ID', 'STATE', 'RETRIES', 'CREATED (UTC)', 'FINISHED (UTC)', 'KEY', 'DATA', 'OUTPUT'],
      rows.map((row) => [
        row.id,
        row.state,
        row.retryCount,
        formatTime(row.createdOn),
        formatTime(row.completedOn),
        row.singletonKey ?? '-',
        truncate(JSON.stringify(row.data ?? null), 40),
        truncate(describeOutput(row.output), 60),
      ]),
    ),
  );
}

const finalStates = new Set(['completed', 'failed', 'cancelled']);

export async function runJob(
  context: OpsContext,
  job: JobName,
  payload: unknown,
  wait: boolean,
  timeoutSeconds: number,
): Promise<void> {
  const boss = await context.boss();
  const started = Date.now();
  // In a transaction, so the job's wake-up goes out with it: a queue woken by the live feed starts at once.
  const id = await context.client.db.transaction((tx) => enqueue(boss, job, payload as never, { tx }));
  if (id === null) {
    context.out(`not sent: the ${jobCatalog[job].queue.policy} queue ${job} already holds a job like it`);
    return;
  }
  context.out(`sent ${job} ${id}`);
  if (!wait) return;
  const deadline = started + timeoutSeconds * 1000;
  for (;;) {
    const current = await boss.getJobById(job, id);
    if (current && finalStates.has(current.state)) {
      const summary = `${job} ${id} ${current.state} after ${Date.now() - started} ms: ${JSON.stringify(current.output ?? null)}`;
      if (current.state !== 'completed') throw new CliError(summary);
      context.out(summary);
      return;
    }
    if (Date.now() > deadline) {
      throw new CliError(
        `${job} ${id} is still ${current?.state ?? 'missing'} after ${timeoutSeconds} s; is a worker running? (\`npm start\` runs one)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function retryFailed(context: OpsContext, queue: string): Promise<void> {
  const boss = await context.boss();
  await requireQueue(boss, queue);
  const failed = await context.client.sql.unsafe<{ id: string }[]>(
    `select id from ${bossSchema}.job where name = $1 and state = 'failed' order by created_on`,
    [queue],
  );
  if (failed.length > 0)
    await boss.retry(
      queue,
      failed.map((row) => row.id),
    );
  context.out(`retried ${failed.length} failed job${failed.length === 1 ? '' : 's'} in ${queue}`);
}

export async function redriveDeadLetters(context: OpsContext, queue: string): Promise<void> {
  const boss = await context.boss();
  await requireQueue(boss, queue);
  const moved = await boss.redrive(queue);
  context.out(
    `moved ${moved} job${moved === 1 ? '' : 's'} from ${queue} back to the queue${moved === 1 ? '' : 's'} they failed on`,
  );
}
