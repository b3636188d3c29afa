// Retries, within seconds, the jobs a dead worker held, and frees the keys their failures hold.
// pg-boss notices a lapsed heartbeat only after heartbeatSeconds (at least 10) plus its supervise
// interval, then waits the retry delay: 20 s and more for a fan waiting on a reply. Queues with
// `work.stalled` are swept here instead, by every running worker, so a reply whose worker was killed comes back while a restarted worker (or
// another machine's) is up.

import { type Logger, silentLogger } from '@doppel/logging';
import type { PgBoss } from 'pg-boss';
import { bossSchema } from './boss.ts';
import { type JobName, jobCatalog, jobNames } from './catalog.ts';

/** Queues swept, each with how long a running job may go untouched. */
function stalledQueues(): { name: JobName; afterSeconds: number }[] {
  return jobNames.flatMap((name) => {
    const stalled = jobCatalog[name].work.stalled;
    return stalled ? [{ name, afterSeconds: stalled.afterSeconds }] : [];
  });
}

/**
 * Fails (into their retry, with the queue's retry delay) the active jobs of `name` not touched for
 * `afterSeconds`; resolves with how many. pg-boss's fail() settles only unfinished jobs, so a job
 * that completed meanwhile stays completed.
 */
export async function retryStalledJobs(boss: PgBoss, name: JobName, afterSeconds: number): Promise<number> {
  const { rows } = await boss.getDb().executeSql(
    `select id from ${bossSchema}.job
      where name = $1 and state = 'active' and heartbeat_on is not null
        and heartbeat_on < ${bossSchema}.job_now() - make_interval(secs => $2)
      limit 100`,
    [name, afterSeconds],
  );
  const ids = (rows as { id: string }[]).map((row) => row.id);
  if (ids.length === 0) return 0;
  await boss.fail(name, ids, { message: `no heartbeat for ${afterSeconds} s: its worker stopped; retried` });
  return ids.length;
}

/**
 * Deletes the failed jobs of a `key_strict_fifo` queue, which would otherwise hold back every later
 * job of their key for good (pg-boss keeps a key's successors waiting while one of its jobs is
 * failed): a fan whose one reply failed for good must still get the next. Their copies stay in the
 * dead-letter queue for `ops jobs`. Resolves with how many.
 */
export async function releaseFailedKeys(boss: PgBoss, name: JobName): Promise<number> {
  const { rows } = await boss.getDb().executeSql(
    `select id from ${bossSchema}.job
      where name = $1 and state = 'failed' and policy = 'key_strict_fifo'
      limit 100`,
    [name],
  );
  const ids = (rows as { id: string }[]).map((row) => row.id);
  if (ids.length > 0) await boss.deleteJob(name, ids);
  return ids.length;
}

export type StalledJobSweep = { stop: () => Promise<void> };

/** Sweeps every `work.stalled` queue each `intervalMs` (default 1 s) until stopped. */
export function startStalledJobSweep(boss: PgBoss, options: { log?: Logger; intervalMs?: number } = {}): StalledJobSweep {
  const log = options.log ?? silentLogger;
  const queues = stalledQueues();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = async () => {
    for (const { name, afterSeconds } of queues) {
      try {
        const retried = await retryStalledJobs(boss, name, afterSeconds);
        if (retried > 0) log.warn('retried jobs whose worker stopped', { job: name, count: retried });
        if (jobCatalog[name].queue.policy === 'key_strict_fifo') {
          const released = await releaseFailedKeys(boss, name);
          if (released > 0)
            log.warn('released the keys of failed jobs (kept in the dead-letter queue)', { job: name, count: released });
        }
      } catch (error) {
        log.error('stalled job sweep failed', { job: name, error });
      }
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped || queues.length === 0) return;
    timer = setTimeout(() => {
      running = sweep().finally(() => schedule(options.intervalMs ?? 1_000));
    }, delayMs);
    // A sweep pending must not keep a stopping process alive.
    timer.unref();
  };
  // At once: a worker restarted after a crash finds the jobs its dead self held already lapsed.
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
