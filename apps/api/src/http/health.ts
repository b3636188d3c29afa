import type { Database } from '@doppel/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorIdOf } from '../errors/internal-error.ts';

/**
 * GET /health: 200 with the database state when the app can serve, 503 when the database is down.
 * Public, so a failure says only that it failed: the driver's message (host, port, user) goes to the log.
 */
export function registerHealth(app: FastifyInstance, db: Database, version: string): void {
  app.get('/health', async (req, reply) => {
    const started = performance.now();
    try {
      const rows = await db.execute<{ migrations: number }>(
        sql`select (select count(*) from drizzle.__drizzle_migrations)::int as migrations`,
      );
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return { status: 'ok', version, database: { status: 'up', latencyMs, migrations: rows[0]?.migrations ?? 0 } };
    } catch (error) {
      const errorId = errorIdOf(error);
      req.log.error({ err: error, errorId }, `health: the database did not answer (error id ${errorId})`);
      reply.code(503);
      return { status: 'degraded', version, database: { status: 'down', errorId } };
    }
  });
}
