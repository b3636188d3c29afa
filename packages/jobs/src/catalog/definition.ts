// What declaring a job takes: its payload schema, the queue settings pg-boss creates it with, how
// the worker takes its jobs, and its schedule.
import type { z } from 'zod';

/** Queue settings applied with createQueue/updateQueue at every start, so the database follows the code. */
export type QueueSettings = {
  /**
   * pg-boss queue policy; it also decides what a singletonKey does: `standard` keys only throttle
   * with singletonSeconds, `stately` allows one queued and one active job per key, and
   * `key_strict_fifo` runs one key's jobs one at a time in the order they were sent, a retry
   * included (every job then needs a key).
   */
  policy: 'standard' | 'stately' | 'exclusive' | 'singleton' | 'short' | 'key_strict_fifo';
  /** Attempts after the first; 0 means a failure is final. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelay: number;
  /** Doubles the delay on each retry (with jitter), capped by retryDelayMax. */
  retryBackoff: boolean;
  retryDelayMax?: number;
  /** Seconds a job may stay active before pg-boss treats it as lost and retries it. */
  expireInSeconds: number;
  /**
   * With it, a working job's worker touches it every half of this (pg-boss heartbeats), and a job
   * whose worker died (kill -9, a lost machine) is retried once it goes this long untouched, found
   * by the worker's supervisor within `superviseIntervalSeconds` (boss.ts), instead of after
   * `expireInSeconds`. At least 10 (pg-boss).
   */
  heartbeatSeconds?: number;
  /** Seconds a job may wait in created/retry before it is dropped. */
  retentionSeconds: number;
  /** Seconds a finished job is kept for inspection. */
  deleteAfterSeconds: number;
  /**
   * Wake idle workers with a NOTIFY as the job is inserted (committed with the sender's
   * transaction). Only for jobs a person waits on: each notifying send serialises its commit.
   */
  notify: boolean;
};

export type WorkSettings = {
  /** Idle poll when no NOTIFY wakes the queue (and the backstop when the listener is down). */
  pollingIntervalSeconds: number;
  /** Jobs of this queue one worker process runs at once. */
  concurrency: number;
  /**
   * For jobs that mostly wait on the network (a model call): one fetch loop claims as many jobs as
   * `concurrency` has free slots, runs each on its own and settles it the moment it ends
   * (apps/worker/src/job-pump.ts), so hundreds run at once and a slow one holds only its own slot.
   * Without it, pg-boss runs `concurrency` loops of one job (or one batch) each.
   */
  pump?: boolean;
  /**
   * For queues that fill with a backlog (a broadcast's chunks): each of the `concurrency` loops
   * fetches this many jobs at once, runs them together, and fetches again at once while batches
   * come back full (pg-boss burst mode), instead of waiting `pollingIntervalSeconds` between jobs.
   */
  batchSize?: number;
  /**
   * Wake the queue's worker when a transaction that enqueued one of its jobs commits, through the
   * live feed's batched notification (see enqueue), instead of a NOTIFY in every sending
   * transaction.
   */
  wakeOnChange?: boolean;
  /**
   * For jobs a person waits on, whose worker may die mid-job (kill -9, a lost machine): the
   * worker touches each running job every `refreshSeconds`, and every worker retries a job left
   * untouched for `afterSeconds` (stalled-jobs.ts), within seconds of the death. pg-boss's own
   * heartbeat check (`heartbeatSeconds`, at least 10, swept every 10 s) stays as the backstop.
   * A live but frozen worker loses its job the same way, so the handler must be idempotent.
   */
  stalled?: { refreshSeconds: number; afterSeconds: number };
};

export type JobDefinition<Payload extends z.ZodType = z.ZodType> = {
  description: string;
  payload: Payload;
  queue: QueueSettings;
  work: WorkSettings;
  /**
   * The singletonKey every job of the queue is sent with unless the sender gives one (enqueue),
   * for policies that need one on each job (`key_strict_fifo`).
   */
  key?: (payload: z.output<Payload>) => string;
  /** Cron (UTC) on which the job is sent with the given payload; absent = on demand only. */
  schedule?: { cron: string; payload: z.input<Payload> };
};

export function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}
