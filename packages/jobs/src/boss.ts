// pg-boss instances for this project: the worker's (listens, schedules, maintains) and a light
// client for processes that only send or inspect jobs (API, ops CLI).
import { type DatabaseConnectionOptions, type DatabaseTimeouts, sessionTimeoutSettings } from '@doppel/db';
import { type Logger, silentLogger } from '@doppel/logging';
import { PgBoss, type Queue } from 'pg-boss';
// pg-boss's own pool class, so the LISTEN of a worker behind a pooler can be sent past it (below).
import PgBossDb from 'pg-boss/dist/db.js';
import { deadLetterQueueName, deadLetterQueueSettings, jobCatalog, jobNames, type QueueSettings } from './catalog.ts';

/** pg-boss keeps its tables in their own schema of the application database. */
export const bossSchema = 'pgboss';

export type BossRole = 'worker' | 'client';

export type CreateBossOptions = DatabaseConnectionOptions & {
  role: BossRole;
  log?: Logger;
  applicationName?: string;
  max?: number;
  /** The session limits the process's other connections have (client.ts); unset: none. */
  timeouts?: DatabaseTimeouts;
};

type PoolConfig = ConstructorParameters<typeof PgBossDb>[0];

/**
 * pg-boss's pool, whose LISTEN connection goes to another URL. Behind a transaction pooler a LISTEN
 * lands on a session the pooler then lends to others: notifications go astray and pg-boss's
 * heartbeat finds the registration gone. Everything else pg-boss sends works through such a pooler:
 * unnamed statements, transaction-scoped advisory locks and settings (`pg_advisory_xact_lock`,
 * `set_config(…, true)`), each transaction in one request.
 */
class ListenElsewhereDb extends PgBossDb {
  readonly #listening: PgBossDb;
  constructor(config: PoolConfig, listenConfig: PoolConfig) {
    super(config);
    this.#listening = new PgBossDb(listenConfig);
    this.#listening.on('error', (error) => this.emit('error', error));
  }
  override async open(): Promise<void> {
    await super.open();
    await this.#listening.open();
  }
  override async close(): Promise<void> {
    await this.#listening.close();
    await super.close();
  }
  override listen(...args: Parameters<PgBossDb['listen']>): ReturnType<PgBossDb['listen']> {
    return this.#listening.listen(...args);
  }
}

/**
 * A warning's data without a statement and its values: the slow-query warning carries both, and the
 * values are job payloads (a fan's message id, a request id, a broadcast's text).
 */
function withoutStatement(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const { sql: _sql, values: _values, ...rest } = data as Record<string, unknown>;
  return rest;
}

export function createBoss(databaseUrl: string, options: CreateBossOptions): PgBoss {
  const log = options.log ?? silentLogger;
  const worker = options.role === 'worker';
  const behindPooler = options.pooler === 'pgbouncer-transaction';
  const pool: PoolConfig = {
    connectionString: databaseUrl,
    application_name: options.applicationName ?? (worker ? 'doppel-worker-jobs' : 'doppel-boss-client'),
    max: options.max ?? (worker ? 10 : 3),
    // node-postgres sends them at start-up as postgres.js does; not through a transaction pooler.
    ...sessionTimeoutSettings(options.timeouts, behindPooler),
  };
  // Behind a pooler the LISTEN goes to the direct URL; without one, workers poll at their catalog
  // intervals (chat replies are still woken at once by the live feed, see wakeOnChange).
  const listenUrl = behindPooler ? options.directUrl : databaseUrl;
  const boss = new PgBoss({
    ...pool,
    ...(behindPooler && worker && listenUrl
      ? { db: new ListenElsewhereDb(pool, { ...pool, connectionString: listenUrl, max: 1 }) }
      : {}),
    schema: bossSchema,
    // One dedicated LISTEN connection wakes workers on notify queues the moment a job is sent.
    useListenNotify: worker && listenUrl !== undefined,
    // Cron and maintenance run where the workers are; a client must not start its own timers.
    schedule: worker,
    supervise: worker,
    // Expired jobs and jobs whose heartbeat lapsed (a worker killed mid-job) are found this often,
    // so a broadcast chunk a dead worker held is retried within seconds (pg-boss's default is 60).
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    migrate: true,
  });
  boss.on('error', (error) => log.error('pg-boss error', { error }));
  boss.on('warning', (warning) => log.warn(`pg-boss warning: ${warning.message}`, { data: withoutStatement(warning.data) }));
  return boss;
}

function queueOptions(settings: QueueSettings): Omit<Queue, 'name'> {
  return {
    policy: settings.policy,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelay,
    retryBackoff: settings.retryBackoff,
    ...(settings.retryDelayMax === undefined ? {} : { retryDelayMax: settings.retryDelayMax }),
    expireInSeconds: settings.expireInSeconds,
    ...(settings.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: settings.heartbeatSeconds }),
    retentionSeconds: settings.retentionSeconds,
    deleteAfterSeconds: settings.deleteAfterSeconds,
    notify: settings.notify,
  };
}

async function upsertQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name'>, log: Logger): Promise<void> {
  const existing = await boss.getQueue(name);
  if (!existing) {
    await boss.createQueue(name, options);
    return;
  }
  // pg-boss cannot change a queue's policy in place. A queue with no unfinished job is recreated
  // with the catalog's (its finished jobs' history goes with it); one still holding jobs keeps its
  // policy until a start finds it idle, so no waiting job is dropped.
  if (existing.policy !== options.policy) {
    if (await hasUnfinishedJobs(boss, name)) {
      log.warn('queue policy differs from the catalog; it changes once the queue has no unfinished job', {
        queue: name,
        current: existing.policy,
        declared: options.policy,
      });
    } else {
      await boss.deleteQueue(name);
      await boss.createQueue(name, options);
      log.info('queue recreated with the catalog policy', { queue: name, was: existing.policy, now: options.policy });
      return;
    }
  }
  const { policy: _policy, partition: _partition, ...changeable } = options;
  await boss.updateQueue(name, changeable);
}

async function hasUnfinishedJobs(boss: PgBoss, name: string): Promise<boolean> {
  const { rows } = await boss
    .getDb()
    .executeSql(`select exists (select 1 from ${bossSchema}.job where name = $1 and state < 'completed') as busy`, [name]);
  return (rows[0] as { busy: boolean } | undefined)?.busy ?? true;
}

/**
 * Creates every catalog queue (and its dead-letter queue first, which it must reference) with the
 * catalog's settings, or brings existing ones up to date. Safe to run from several processes.
 */
export async function ensureQueues(boss: PgBoss, log: Logger = silentLogger): Promise<void> {
  for (const name of jobNames) {
    const deadLetter = deadLetterQueueName(name);
    await upsertQueue(boss, deadLetter, queueOptions(deadLetterQueueSettings), log);
    await upsertQueue(boss, name, { ...queueOptions(jobCatalog[name].queue), deadLetter }, log);
  }
  // pg-boss looks a queue up in its cache before each send, and reads it from the database on a
  // miss, on its own pool: outside the caller's transaction. Creating or updating a queue empties
  // its entry, so the first sends after a start would each hold a transaction open while waiting
  // for a second connection. Behind a pooler whose sessions are all held by such transactions
  // (a burst of fan messages), that wait never ends. An empty insert fills the cache now.
  for (const name of jobNames) await boss.insert(name, []);
}

/** Applies the catalog's schedules and removes any schedule the catalog no longer declares. */
export async function registerSchedules(boss: PgBoss, log: Logger = silentLogger): Promise<void> {
  const declared = new Set<string>();
  for (const name of jobNames) {
    const definition = jobCatalog[name];
    if (!definition.schedule) continue;
    const { cron, payload } = definition.schedule;
    await boss.schedule(name, cron, definition.payload.parse(payload), { tz: 'UTC' });
    declared.add(name);
    log.info('schedule registered', { job: name, cron });
  }
  for (const schedule of await boss.getSchedules()) {
    if (declared.has(schedule.name)) continue;
    await boss.unschedule(schedule.name, schedule.key);
    log.info('stale schedule removed', { job: schedule.name, key: schedule.key });
  }
}
