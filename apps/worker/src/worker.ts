// The worker tier: one pg-boss instance on the application database that owns the queues, the
// schedules and the handlers of the job catalog.
import {
  createDbClient,
  createLiveFeed,
  createReplyDraftBatcher,
  type Database,
  type DatabaseConnectionOptions,
  type DatabaseTimeouts,
  type ReplyDraftBatcher,
} from '@doppel/db';
import { rateLimitWaitMs } from '@doppel/domain/chat/reply';
import type { ErrorReporter } from '@doppel/domain/ports';
import { createLogOnlyErrorReporter } from '@doppel/integrations';
import {
  createBoss,
  enqueue,
  enqueueMany,
  ensureQueues,
  InvalidJobPayloadError,
  type JobName,
  jobCatalog,
  jobChangeEntity,
  jobNames,
  notifyBackstopPollingSeconds,
  parseJobPayload,
  registerSchedules,
  splitJobOrigin,
  startStalledJobSweep,
  withJobOrigin,
} from '@doppel/jobs';
import { type Logger, silentLogger, withLogFields } from '@doppel/logging';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import { quietWhileDatabaseDown } from './database-outage-log.ts';
import { type JobPump, startJobPump } from './job-pump.ts';
import { createOfflineWorkerServices } from './jobs/chat-reply-services.ts';
import { jobHandlers } from './jobs/handlers.ts';
import type { FollowUp, FollowUpMany, JobHandler, WorkerServices } from './jobs/types.ts';

export type WorkerOptions = {
  databaseUrl: string;
  /** DATABASE_POOLER and DATABASE_DIRECT_URL: how to work behind a transaction pooler. */
  connection?: DatabaseConnectionOptions;
  /** DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS; unset: no limits. */
  timeouts?: DatabaseTimeouts;
  log?: Logger;
  /** How long stop() lets running jobs finish before giving up on them (they are retried later). */
  stopTimeoutMs?: number;
  /** Where failed jobs are reported besides the log (Sentry when SENTRY_DSN is set); default the log alone. */
  errorReporter?: ErrorReporter;
  /** Model, text to speech and file storage for chat.reply; default: offline engine, no voice, no files. */
  services?: WorkerServices;
  /** Jobs of a queue run at once, over the catalog's `work.concurrency` (REPLY_CONCURRENCY sets chat.reply's). */
  concurrency?: Partial<Record<JobName, number>>;
  /** Connections of the worker's own database pool (DATABASE_POOL_SIZE); default 10. pg-boss keeps its own. */
  poolSize?: number;
  /**
   * Asked before the chat.reply pump claims more replies: how long every worker should hold off
   * (a model provider's 429, shared through the database); default: the provider_rate_limits table.
   */
  replyHoldMs?: (db: Database) => Promise<number>;
};

const defaultPoolSize = 10;

export type RunningWorker = {
  boss: PgBoss;
  /** Stops fetching, waits for running jobs, closes connections. Safe to call more than once. */
  stop: () => Promise<void>;
};

async function runOne(
  name: JobName,
  handler: JobHandler<JobName>,
  job: Job<unknown>,
  db: Database,
  log: Logger,
  services: WorkerServices,
  followUps: { followUp: FollowUp; followUpMany: FollowUpMany; drafts: ReplyDraftBatcher },
  reporter: ErrorReporter,
): Promise<JobResult> {
  const started = performance.now();
  // The request that led to this job, on every log line and error report of it, and passed on to
  // the jobs it enqueues (packages/jobs/src/origin.ts).
  const { payload: data, origin } = splitJobOrigin(job.data);
  const traced = origin ? { requestId: origin.requestId } : {};
  const jobLog = origin ? withLogFields(log, traced) : log;
  try {
    const payload = parseJobPayload(name, data);
    const output = await withJobOrigin(origin, () =>
      handler(payload as never, {
        db,
        log: jobLog,
        job: { id: job.id, name, retryCount: job.retryCount },
        services,
        ...followUps,
      }),
    );
    const ms = Math.round(performance.now() - started);
    jobLog.info('job completed', { job: name, jobId: job.id, ms, output });
    return { id: job.id, status: 'completed', output };
  } catch (error) {
    const tags = { job: name, job_id: job.id, ...(origin ? { request_id: origin.requestId } : {}) };
    // A payload that fails its schema will fail on every retry too: straight to the dead-letter queue.
    if (error instanceof InvalidJobPayloadError) {
      jobLog.error('job payload rejected', { job: name, jobId: job.id, error: error.message });
      // A producer sent what no handler can take: a bug to look at, not a moment to wait out.
      reporter.capture(error, { tags });
      return { id: job.id, status: 'deadletter', output: { error: error.message } };
    }
    jobLog.error('job failed', { job: name, jobId: job.id, retryCount: job.retryCount, error });
    reporter.capture(error, { tags: { ...tags, retry_count: job.retryCount } });
    throw error;
  }
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const plainLog = options.log ?? silentLogger;
  const services = options.services ?? createOfflineWorkerServices();
  const reporter = options.errorReporter ?? createLogOnlyErrorReporter();
  const { timeouts } = options;
  const client = createDbClient(options.databaseUrl, {
    // Hundreds of replies at once hold no connection across their model call: a small pool serves them.
    max: options.poolSize ?? defaultPoolSize,
    applicationName: 'doppel-worker',
    ...options.connection,
    timeouts,
  });
  // While the database is down: one line when that begins and one when it ends, not one per failure.
  const { log, outages } = quietWhileDatabaseDown(plainLog, client);
  const boss = createBoss(options.databaseUrl, { role: 'worker', log, ...options.connection, timeouts });
  // The worker sends reply drafts and never relays them: it does not listen for them.
  const feed = createLiveFeed(client, { log: (message, error) => log.error(message, { error }), drafts: false });
  const wakeable = new Map<JobName, () => void>();
  const pumps: JobPump[] = [];
  const followUp: FollowUp = async (name, payload, followUpOptions) => {
    await enqueue(boss, name, payload, followUpOptions);
  };
  const followUpMany: FollowUpMany = (name, jobs, followUpOptions) => enqueueMany(boss, name, jobs, followUpOptions);
  const drafts = createReplyDraftBatcher(client.db, {
    onError: (error) => log.warn('reply drafts not announced', { error }),
  });
  try {
    await boss.start();
    await ensureQueues(boss, log);
    await registerSchedules(boss, log);
    for (const name of jobNames) {
      const handler = jobHandlers[name] as JobHandler<JobName> | undefined;
      if (!handler) {
        // Its queue exists (senders may enqueue), but nothing works it: jobs wait for a worker
        // that has the handler rather than failing into the dead-letter queue.
        log.warn('catalog job has no handler in this worker; its jobs stay queued', { job: name });
        continue;
      }
      const { work } = jobCatalog[name];
      const concurrency = options.concurrency?.[name] ?? work.concurrency;
      const run = (job: Job<unknown>) =>
        runOne(name, handler, job, client.db, log, services, { followUp, followUpMany, drafts }, reporter);
      if (work.pump) {
        const holdMs = options.replyHoldMs ?? rateLimitWaitMs;
        const pump = startJobPump(boss, name, {
          capacity: concurrency,
          pollingIntervalMs: work.pollingIntervalSeconds * 1000,
          ...(work.stalled ? { refreshMs: work.stalled.refreshSeconds * 1000 } : {}),
          holdMs: () => holdMs(client.db),
          run,
          // A reply reaches the API's live readers at once, not at their next poll.
          onSettled: () => feed.nudge(),
          log,
        });
        pumps.push(pump);
        if (work.wakeOnChange) wakeable.set(name, pump.notify);
        continue;
      }
      const workerId = await boss.work<unknown>(
        name,
        {
          batchSize: work.batchSize ?? 1,
          burstWhenBatchFull: work.batchSize !== undefined,
          perJobResults: true,
          localConcurrency: concurrency,
          pollingIntervalSeconds: work.pollingIntervalSeconds,
          notifyPollingIntervalSeconds: notifyBackstopPollingSeconds,
          ...(work.stalled ? { heartbeatRefreshSeconds: work.stalled.refreshSeconds } : {}),
        },
        async (jobs) => {
          const results = await Promise.all(jobs.map(run));
          // A handler's writes (a twin's reply) reach the API's live readers at once, not at their next poll.
          feed.nudge();
          return results;
        },
      );
      if (work.wakeOnChange) wakeable.set(name, () => boss.notifyWorker(workerId));
    }
    // Committed sends announce their jobs as change events; the feed delivers them in batches.
    feed.subscribe((event) => {
      if (event.entity === jobChangeEntity) wakeable.get(event.rowId as JobName)?.();
      // A creator's edit to a twin's FAQ, corrections or knowledge counts from the next reply on.
      services.twinMaterial?.forgetOnChange(event);
    });
    await feed.start();
  } catch (error) {
    await Promise.all(pumps.map((pump) => pump.stop(0)));
    await boss.stop({ graceful: false }).catch(() => {});
    await feed.stop();
    outages.stop();
    await client.close();
    throw error;
  }
  // Replies a dead worker held (kill -9, a lost machine) are retried within seconds, by any worker.
  const stalledSweep = startStalledJobSweep(boss, { log });
  log.info('worker started', { queues: jobNames.filter((name) => jobHandlers[name]) });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log.info('worker stopping');
      // One allowance for every running job, pumped or not: pumped ones first (they settle through
      // pg-boss, which must still be running), then pg-boss's own with what is left of it.
      const deadline = Date.now() + (options.stopTimeoutMs ?? 30_000);
      await Promise.all(pumps.map((pump) => pump.stop(deadline - Date.now())));
      await stalledSweep.stop();
      await drafts.close();
      await feed.stop();
      await boss.stop({ graceful: true, timeout: Math.max(1_000, deadline - Date.now()) });
      outages.stop();
      await client.close();
      log.info('worker stopped');
    })();
    return stopping;
  };
  return { boss, stop };
}
