import type { Database } from '@doppel/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** GET /health: 200 with the database state when the app can serve, 503 when the database is down. */
export function registerHealth(app: FastifyInstance, db: Database, version: string): void {
  app.get('/health', async (_req, reply) => {
    const started = performance.now();
    try {
      const rows = await db.execute<{ migrations: number }>(
        sql`select (select count(*) from drizzle.__drizzle_migrations)::int as migrations`,
      );
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return { status: 'ok', version, database: { status: 'up', latencyMs, migrations: rows[0]?.migrations ?? 0 } };
    } catch (error) {
      reply.code(503);
      return { status: 'degraded', version, database: { status: 'down', error: (error as Error).message } };
    }
  });
}
