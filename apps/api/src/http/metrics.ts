// Prometheus metrics at GET /metrics (prom-client): tRPC calls and plain HTTP requests (counts and
// latencies), open live streams, database connections and job queues.
//
// Queue depth and age are read from pg-boss's tables in the shared database by the API, not exposed
// by each worker: any API process answers for all queues, so a scrape of one instance (or of every
// instance behind the load balancer) sees the same numbers with no extra port per worker. Take max()
// across instances. They and the connection counts are read at most once per `statsCacheMs`, so a
// scrape from several Prometheus servers costs one small query each time.
import { timingSafeEqual } from 'node:crypto';
import type { DbClient } from '@doppel/db';
import { bossSchema, deadLetterQueueName, jobNames } from '@doppel/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the tRPC middleware records per call (apps/api/src/trpc/metered.ts). */
export type CallMetrics = { observeCall: (path: string, type: string, code: string, seconds: number) => void };

export type ApiMetrics = CallMetrics & { registry: Registry };

export type ApiMetricsOptions = {
  sql: DbClient['sql'];
  /** Open live streams of this process. */
  liveStreams: () => number;
  /** The API's connection pool size, beside the connections the database counts. */
  poolMax: number;
  log: FastifyInstance['log'];
};

const statsCacheMs = 5_000;
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type QueueRow = { name: string; ready: number; oldest: number };
type ConnectionRow = { application: string; state: string; connections: number };
type DatabaseStats = { queues: QueueRow[]; connections: ConnectionRow[] };

/** Jobs ready to run but not yet fetched, and how long the oldest of them has waited, per queue. */
async function readDatabaseStats(sql: DbClient['sql']): Promise<DatabaseStats> {
  // `state < 'active'` (created, retry) is the partial index pg-boss fetches with, so this stays cheap.
  const queues = await sql.unsafe<QueueRow[]>(
    `select name, count(*)::int as ready,
       extract(epoch from now() - min(start_after))::float8 as oldest
     from ${bossSchema}.job
     where state < 'active' and start_after <= now()
     group by name`,
  );
  // postgres.js does not expose its pool's use; the database's view covers every process anyway.
  const connections = await sql.unsafe<ConnectionRow[]>(
    `select coalesce(nullif(application_name, ''), 'unknown') as application,
       coalesce(state, 'unknown') as state, count(*)::int as connections
     from pg_stat_activity where datname = current_database()
     group by 1, 2`,
  );
  return { queues: [...queues], connections: [...connections] };
}

export function createApiMetrics(options: ApiMetricsOptions): ApiMetrics {
  const registry = new Registry();
  // Process CPU, memory, event-loop lag and GC: the first things to look at when latency climbs.
  collectDefaultMetrics({ register: registry });

  let cached: { at: number; stats: Promise<DatabaseStats> } | undefined;
  const databaseStats = (): Promise<DatabaseStats> => {
    const now = Date.now();
    if (!cached || now - cached.at > statsCacheMs) {
      const stats = readDatabaseStats(options.sql).catch((error: unknown) => {
        // A scrape during an outage still answers the process's own metrics.
        options.log.warn({ err: error }, 'metrics: database statistics unavailable');
        return { queues: [], connections: [] };
      });
      cached = { at: now, stats };
    }
    return cached.stats;
  };

  const calls = new Counter({
    name: 'doppel_trpc_calls_total',
    help: 'tRPC calls that reached their procedure, by procedure path, type and outcome code (OK or the tRPC error code)',
    labelNames: ['path', 'type', 'code'],
    registers: [registry],
  });
  const callSeconds = new Histogram({
    name: 'doppel_trpc_call_duration_seconds',
    help: 'Time in the procedure (for subscriptions: until the stream is set up), by path, type and outcome code',
    labelNames: ['path', 'type', 'code'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  new Gauge({
    name: 'doppel_live_streams',
    help: 'Open live.events streams on this process',
    registers: [registry],
    collect() {
      this.set(options.liveStreams());
    },
  });
  new Gauge({
    name: 'doppel_db_pool_max',
    help: "Size of this process's database connection pool",
    registers: [registry],
    collect() {
      this.set(options.poolMax);
    },
  });
  new Gauge({
    name: 'doppel_db_connections',
    help: 'Connections to the application database, by application name (every process) and state',
    labelNames: ['application', 'state'],
    registers: [registry],
    async collect() {
      const { connections } = await databaseStats();
      this.reset();
      for (const row of connections) this.set({ application: row.application, state: row.state }, row.connections);
    },
  });
  // Every catalog queue and its dead-letter queue is listed, at 0 when empty, so alerts see it.
  const queueNames = jobNames.flatMap((name) => [name, deadLetterQueueName(name)]);
  new Gauge({
    name: 'doppel_job_queue_ready',
    help: 'Jobs ready to run and not yet fetched by a worker, per queue (shared database: same on every API)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const { queues } = await databaseStats();
      for (const name of queueNames) this.set({ queue: name }, queues.find((row) => row.name === name)?.ready ?? 0);
    },
  });
  new Gauge({
    name: 'doppel_job_queue_oldest_seconds',
    help: 'How long the oldest ready job of a queue has waited to be fetched, 0 when none waits',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const { queues } = await databaseStats();
      for (const name of queueNames) this.set({ queue: name }, Math.max(0, queues.find((row) => row.name === name)?.oldest ?? 0));
    },
  });

  return {
    registry,
    observeCall(path, type, code, seconds) {
      calls.inc({ path, type, code });
      callSeconds.observe({ path, type, code }, seconds);
    },
  };
}

/** Plain HTTP requests by method, route pattern (never the raw URL: ids would explode the series) and status. */
function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'doppel_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'doppel_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern (event streams left out: they last minutes)',
    labelNames: ['method', 'route'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    if (!String(request.headers.accept ?? '').includes('text/event-stream'))
      seconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type MetricsAccess = { token: string | undefined; production: boolean };

/**
 * GET /metrics. With METRICS_TOKEN set it asks for `Authorization: Bearer <token>` (401 otherwise).
 * Without one it serves openly in development and tests, and in production not at all: it answers
 * like any unknown path, so a deployment that forgot the token does not publish its internals.
 */
export function registerMetrics(app: FastifyInstance, metrics: ApiMetrics, access: MetricsAccess): void {
  registerHttpMetrics(app, metrics.registry);
  app.get('/metrics', async (request, reply) => {
    if (!access.token && access.production) return reply.callNotFound();
    if (access.token && !bearerMatches(request, access.token))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'A metrics token is needed.' });
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
