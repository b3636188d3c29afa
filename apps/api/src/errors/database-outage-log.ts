// While the database is down, every call, /health check, live-feed poll and job send of the API
// fails, and each failure was an error line with its stack (errors/report.ts, http/health.ts, the
// feed and the job client in server.ts). The logger hands each line whose error says the database
// cannot be reached to the outage watch instead (packages/db outages.ts): one line when the outage
// begins, one when the database answers again. The answers do not change: 503, as before.
import { type DbClient, type OutageWatch, watchDatabaseOutages } from '@doppel/db';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/** pino's options, as Fastify takes them. */
type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

/**
 * The outage watch of the API's database. Both lines are warnings, so that a log level which shows
 * the first also shows the end. `log` is asked for at the time of writing: the logger is made after.
 */
export function watchApiDatabase(client: DbClient, log: () => FastifyBaseLogger): OutageWatch {
  return watchDatabaseOutages({
    probe: () => client.sql`select 1`,
    onDown: (errorCode) =>
      log().warn({ errorCode }, 'database unreachable, waiting for it (failures until it is back are not logged one by one)'),
    onBack: ({ downForMs, quietFailures }) => log().warn({ downForMs, quietFailures }, 'database is back'),
  });
}

/**
 * pino's logMethod hook: a line whose `err` or `error` (or whose first argument itself) is an
 * unreachable database goes to the outage watch and is not written. The hook sees the error before
 * the serializers strip it, and child loggers (each request's) inherit it.
 */
export function quietWhileDatabaseDown(outages: OutageWatch): LogMethodHook {
  return function logMethod(args, method) {
    const [first] = args as unknown[];
    if (typeof first === 'object' && first !== null) {
      const { err, error } = first as { err?: unknown; error?: unknown };
      const candidate = first instanceof Error ? first : (err ?? error);
      if (outages.absorbs(candidate)) return;
    }
    method.apply(this, args);
  };
}
