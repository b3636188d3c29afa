// Process entry of the worker tier: `node apps/worker/src/main.ts` with DATABASE_URL set.
import type { ErrorReporter } from '@doppel/domain/ports';
import { createErrorReporter } from '@doppel/integrations';
import { createLogger } from '@doppel/logging';
import { databaseConnection, databaseTimeouts, EnvError, loadWorkerEnv } from './env.ts';
import { createWorkerServices } from './jobs/chat-reply-services.ts';
import { type RunningWorker, startWorker } from './worker.ts';

let env: ReturnType<typeof loadWorkerEnv>;
try {
  env = loadWorkerEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  process.stderr.write(`[worker] ${error.message}\n`);
  process.exit(1);
}

const log = createLogger(env.LOG_LEVEL, { service: 'worker' });
let worker: RunningWorker | undefined;
let errorReporter: ErrorReporter | undefined;
let stopping = false;

function stopAndExit(): void {
  if (!worker) return;
  worker
    .stop()
    // Reports of the last failures go out before the process ends.
    .then(() => errorReporter?.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('worker did not stop cleanly', { error });
        process.exit(1);
      },
    );
}

function shutdown(signal: NodeJS.Signals): void {
  // Ctrl-C reaches the whole process group, and impatient operators press it twice: the first
  // signal already drains running jobs, a second must not cut that short.
  if (stopping) {
    log.warn('already stopping; signal ignored', { signal });
    return;
  }
  stopping = true;
  log.info('signal received, stopping gracefully', { signal });
  stopAndExit();
}

// Handlers go in before the worker starts, so a signal during start-up still stops it cleanly.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutdown);

try {
  errorReporter = await createErrorReporter({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV ?? 'development',
    release: env.APP_VERSION,
    service: 'worker',
  });
  worker = await startWorker({
    databaseUrl: env.DATABASE_URL,
    errorReporter,
    connection: databaseConnection(env),
    timeouts: databaseTimeouts(env),
    log,
    services: createWorkerServices(env),
    ...(env.REPLY_CONCURRENCY ? { concurrency: { 'chat.reply': env.REPLY_CONCURRENCY } } : {}),
    ...(env.DATABASE_POOL_SIZE ? { poolSize: env.DATABASE_POOL_SIZE } : {}),
  });
} catch (error) {
  log.error('worker failed to start', { error });
  process.exit(1);
}
// A signal that arrived during start-up is acted on now that there is a worker to stop.
if (stopping) stopAndExit();
