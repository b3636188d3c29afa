// While the database is down, every queue's poll, pg-boss's maintenance, the stalled-job sweep and
// the live feed fail again and again, and each failure was an error line with its stack: after a
// kill -9 of Postgres, hundreds a minute. The worker's logger hands each line whose `error` says the
// database cannot be reached to the outage watch instead (packages/db outages.ts): one line when
// the outage begins, one when the database answers again. Jobs are not lost meanwhile: they wait
// in their queues, and pg-boss retries those that failed.
import { type DbClient, type OutageWatch, watchDatabaseOutages } from '@doppel/db';
import type { LogFields, Logger } from '@doppel/logging';

export type QuietLog = { log: Logger; outages: OutageWatch };

/** `log` with the database's outages folded into two lines each. Both are warnings, so a level that shows the first shows the end. */
export function quietWhileDatabaseDown(log: Logger, client: DbClient): QuietLog {
  const outages = watchDatabaseOutages({
    probe: () => client.sql`select 1`,
    onDown: (errorCode) =>
      log.warn('database unreachable, waiting for it (failures until it is back are not logged one by one)', { errorCode }),
    onBack: ({ downForMs, quietFailures }) => log.warn('database is back', { downForMs, quietFailures }),
  });
  const quiet =
    (write: (message: string, fields?: LogFields) => void) =>
    (message: string, fields?: LogFields): void => {
      if (fields && outages.absorbs(fields.error)) return;
      write(message, fields);
    };
  return {
    log: {
      trace: quiet(log.trace),
      debug: quiet(log.debug),
      info: quiet(log.info),
      warn: quiet(log.warn),
      error: quiet(log.error),
    },
    outages,
  };
}
