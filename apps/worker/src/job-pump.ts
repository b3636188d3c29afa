// Runs one queue's jobs many at once (catalog `work.pump`: chat.reply). pg-boss's own work() runs
// a fetched batch together and fetches again only when the whole batch has ended, so one slow model
// call would hold every other slot of its batch, and a loop per slot would poll the database once
// per slot. Here one loop claims only as many jobs as there are free slots and runs each on its own;
// the jobs that finish within a few ms of each other are completed together, by one statement, and
// free their slots then; every running job is touched in one statement (the stalled-job sweep
// retries jobs whose worker stopped touching them).
import { completeJobs, type JobCompletion } from '@doppel/jobs';
import type { Logger } from '@doppel/logging';
import type { Job, JobResult, PgBoss } from 'pg-boss';

export type JobPumpOptions = {
  /** Jobs running at once. */
  capacity: number;
  /** Most jobs one fetch claims: a burst fills the slots in a few statements, not one. */
  fetchLimit?: number;
  /** Idle poll, and how soon a wake-up (notify) is noticed at the latest. */
  pollingIntervalMs: number;
  /**
   * How long a finished job waits for others to be completed with it, in one statement (at most
   * `settleBatchSize`); default 20 ms. A failed job is settled at once, on its own.
   */
  settleBatchMs?: number;
  settleBatchSize?: number;
  /** How often every running job is touched; absent: never (the queue has no heartbeat). */
  refreshMs?: number;
  /**
   * Asked before each fetch: how long to hold off claiming more (a provider's rate limit shared by
   * every worker), in ms; 0 to go on.
   */
  holdMs?: () => Promise<number>;
  /** Runs one job; resolves with how to settle it, or throws for a retry (the queue's retry rules). */
  run: (job: Job<unknown>) => Promise<JobResult>;
  /** After each job settles (the worker nudges its live feed). */
  onSettled?: () => void;
  log: Logger;
};

export type JobPump = {
  /** A job was sent: fetch now instead of at the next poll. */
  notify: () => void;
  /** Jobs running now. */
  running: () => number;
  /** Stops claiming, waits up to `timeoutMs` for running jobs (the rest are retried by the stalled sweep or pg-boss), then resolves. */
  stop: (timeoutMs: number) => Promise<void>;
};

const defaultFetchLimit = 50;
const defaultSettleBatchMs = 20;
const defaultSettleBatchSize = 100;

export function startJobPump(boss: PgBoss, name: string, options: JobPumpOptions): JobPump {
  const { capacity, log } = options;
  const fetchLimit = Math.min(capacity, options.fetchLimit ?? defaultFetchLimit);
  const running = new Map<string, Job<unknown>>();
  let stopping = false;
  /** Wakes the loop out of its wait: a notify, a freed slot, a stop. */
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    wake?.();
    wake = undefined;
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // Finished jobs wait here, at most settleBatchMs, to be completed together: one statement where
  // each used to take one (pg-boss's settles were over 40 % of the worker's writes to Postgres). A
  // crash in that wait loses nothing more than a crash just before a lone complete() did: the job
  // is still active, the stalled sweep retries it, and its handler finds the work already done
  // (a reply: the stored answer; the unique answer index refuses a second).
  // The touch and the completions update the same job rows, each in its own order (the touch by
  // id, a completion as its join comes): run side by side, Postgres found them deadlocked under the
  // replies bench and both failed. One at a time, in the order they were asked for.
  let jobWrites: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(write: () => Promise<T>): Promise<T> => {
    const next = jobWrites.then(write, write);
    jobWrites = next.catch(() => undefined);
    return next;
  };
  const batchMs = options.settleBatchMs ?? defaultSettleBatchMs;
  const batchSize = options.settleBatchSize ?? defaultSettleBatchSize;
  let finished: Array<{ completion: JobCompletion; done: () => void }> = [];
  let batchTimer: NodeJS.Timeout | undefined;
  const completeFinished = () => {
    clearTimeout(batchTimer);
    batchTimer = undefined;
    const batch = finished;
    finished = [];
    if (batch.length === 0) return;
    oneAtATime(() =>
      completeJobs(
        boss,
        name,
        batch.map((entry) => entry.completion),
      ),
    )
      .then((ids) => {
        // The attempt fence left out a job whose claim lapsed meanwhile: its retry settles it.
        if (ids.length < batch.length)
          log.warn('finished jobs no longer held by this worker; their retries settle them', {
            job: name,
            count: batch.length - ids.length,
          });
      })
      .catch((error: unknown) => {
        // The claims lapse and the stalled sweep (or pg-boss's expiry) retries the jobs.
        log.error('could not complete finished jobs', { job: name, count: batch.length, error });
      })
      .finally(() => {
        for (const entry of batch) entry.done();
      });
  };
  const complete = (completion: JobCompletion) =>
    new Promise<void>((done) => {
      finished.push({ completion, done });
      if (finished.length >= batchSize || stopping || batchMs <= 0) completeFinished();
      else batchTimer ??= setTimeout(completeFinished, batchMs);
    });

  const settle = async (job: Job<unknown>, outcome: Promise<JobResult>) => {
    try {
      const result = await outcome.catch((error: unknown) => ({ id: job.id, status: 'failed' as const, output: error }));
      // pg-boss has no public terminal fail: a job the handler gives up on goes through its retries.
      if (result.status === 'completed') await complete({ id: job.id, retryCount: job.retryCount, output: result.output });
      else await boss.fail(name, { id: job.id, retryCount: job.retryCount }, failureOutput(result.output));
    } catch (error) {
      // The claim lapses and the stalled sweep (or pg-boss's expiry) retries the job.
      log.error('could not settle a job', { job: name, jobId: job.id, error });
    } finally {
      running.delete(job.id);
      options.onSettled?.();
      // A slot freed while the loop waited for one.
      if (running.size === capacity - 1) wakeUp();
    }
  };

  const loop = async () => {
    while (!stopping) {
      const free = capacity - running.size;
      if (free === 0) {
        await pause(options.pollingIntervalMs);
        continue;
      }
      let fetched = 0;
      try {
        const held = options.holdMs ? await options.holdMs() : 0;
        if (held > 0) {
          await pause(held);
          continue;
        }
        const jobs = await boss.fetch<unknown>(name, { batchSize: Math.min(free, fetchLimit) });
        fetched = jobs.length;
        for (const job of jobs) {
          running.set(job.id, job);
          void settle(
            job,
            Promise.resolve().then(() => options.run(job)),
          );
        }
      } catch (error) {
        log.error('could not fetch jobs', { job: name, error });
      }
      // A full fetch says more are waiting: claim again at once. Otherwise wait for a notify.
      if (fetched < Math.min(free, fetchLimit) && !stopping) await pause(options.pollingIntervalMs);
    }
  };

  const touch = async () => {
    if (running.size === 0) return;
    const attempts = [...running.values()].map((job) => ({ id: job.id, retryCount: job.retryCount }));
    await oneAtATime(() => boss.touch(name, attempts)).catch((error: unknown) =>
      log.warn('could not touch running jobs', { job: name, error }),
    );
  };
  const refresh = options.refreshMs ? setInterval(() => void touch(), options.refreshMs) : undefined;
  refresh?.unref();

  const looping = loop();
  return {
    notify: wakeUp,
    running: () => running.size,
    stop: async (timeoutMs) => {
      stopping = true;
      wakeUp();
      completeFinished();
      const deadline = Date.now() + timeoutMs;
      // A fetch stuck on an unanswering database must not hold the stop past its allowance.
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([looping, new Promise((resolve) => (gaveUp = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(gaveUp);
      while (running.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      clearInterval(refresh);
      if (running.size > 0) log.warn('stopped with jobs still running; they are retried', { job: name, count: running.size });
    },
  };
}

/** What pg-boss keeps as a failed attempt's output: an error's message, not the error object (it does not serialise). */
function failureOutput(output: unknown): object {
  if (output instanceof Error) return { message: output.message, name: output.name };
  if (output && typeof output === 'object') return output;
  return { value: output ?? null };
}
