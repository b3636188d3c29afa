import { type ChangeEvent, recordChanges, type Transaction } from '@doppel/db';
import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss, type SendOptions } from 'pg-boss';
import { type JobName, type JobPayload, type JobPayloadInput, jobCatalog, parseJobPayload } from './catalog.ts';
import { withCurrentOrigin } from './origin.ts';

/** The change-event entity that says "a job was sent to queue rowId". */
export const jobChangeEntity = 'jobs';

export type EnqueueOptions = {
  /** The caller's open transaction: the job exists only if that transaction commits. */
  tx?: Transaction;
  /**
   * Deduplication key, enforced by the queue's policy (catalog `queue.policy`): on a `stately` queue
   * a second send while a job with the same key waits returns null instead of a new job.
   */
  singletonKey?: string;
  /** Defers the job; it is not fetched before this time. */
  startAfter?: Date;
  /**
   * With `tx`: the caller's own change events, recorded together with the job's wake-up in one
   * outbox insert (the send path saves a statement this way).
   */
  changes?: ChangeEvent[];
};

/**
 * Sends a catalog job after validating its payload. With `tx`, the insert (and, on notify queues,
 * its NOTIFY) runs inside the caller's transaction, so a rolled-back write leaves no job behind
 * and a committed one always has its job. Returns the job id, or null when deduplicated.
 */
export async function enqueue<Name extends JobName>(
  boss: PgBoss,
  name: Name,
  payload: JobPayloadInput<Name>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const parsed = parseJobPayload(name, payload);
  // The request (or job) that sends it goes along, for the logs (origin.ts).
  const data = withCurrentOrigin(parsed);
  const sendOptions: SendOptions = {};
  if (options.tx) sendOptions.db = fromDrizzle(options.tx, sql);
  const singletonKey = options.singletonKey ?? catalogKey(name, parsed);
  if (singletonKey !== undefined) sendOptions.singletonKey = singletonKey;
  if (options.startAfter !== undefined) sendOptions.startAfter = options.startAfter;
  if (!options.tx) return boss.send(name, data, sendOptions);
  // Announces the job through the live feed, so a worker waiting on this queue wakes once the
  // transaction commits (scope-less: no client ever sees it). Issued together with the insert so
  // postgres.js pipelines both in one round trip; a deduplicated send wakes a worker for nothing.
  const wake: ChangeEvent = { entity: jobChangeEntity, rowId: name, scopes: [] };
  const [id] = await Promise.all([
    boss.send(name, data, sendOptions),
    recordChanges(options.tx, [...(options.changes ?? []), wake]),
  ]);
  return id;
}

/**
 * Sends many jobs of one catalog queue in one insert inside the caller's transaction (a broadcast's
 * send chunks), each payload validated; keys deduplicate as in `enqueue`. The queue's worker wakes
 * once the transaction commits.
 */
export async function enqueueMany<Name extends JobName>(
  boss: PgBoss,
  name: Name,
  jobs: ReadonlyArray<{ payload: JobPayloadInput<Name>; singletonKey?: string; startAfter?: Date }>,
  options: { tx: Transaction; changes?: ChangeEvent[] },
): Promise<void> {
  const inserts = jobs.map((job) => {
    const parsed = parseJobPayload(name, job.payload);
    const singletonKey = job.singletonKey ?? catalogKey(name, parsed);
    return {
      data: withCurrentOrigin(parsed),
      ...(singletonKey === undefined ? {} : { singletonKey }),
      ...(job.startAfter === undefined ? {} : { startAfter: job.startAfter }),
    };
  });
  const wake: ChangeEvent = { entity: jobChangeEntity, rowId: name, scopes: [] };
  await Promise.all([
    inserts.length > 0 ? boss.insert(name, inserts, { db: fromDrizzle(options.tx, sql) }) : undefined,
    recordChanges(options.tx, [...(options.changes ?? []), wake]),
  ]);
}

/** The queue's own key for a job (catalog `key`), when the sender gives none. */
function catalogKey<Name extends JobName>(name: Name, payload: JobPayload<Name>): string | undefined {
  const key = (jobCatalog[name] as { key?: (payload: JobPayload<Name>) => string }).key;
  return key?.(payload);
}
