import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { createDbClient, type DatabaseConnectionOptions } from './client.ts';
import { ensureVectorIndexes } from './vector-indexes.ts';

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');

/**
 * Serialises migrations across processes. drizzle reads the last applied migration and then applies
 * the newer ones with no lock of its own, so N processes starting at once on a fresh database would
 * each try to create the same tables, and all but one fail.
 */
const migrateLockKey = 7_301_446_552;

/**
 * Applies the committed SQL migrations; safe to run on every start, from any number of processes
 * at once: each waits for the lock, and the later ones find nothing left to apply. Behind a
 * transaction pooler they run on the direct URL: a session lock needs a session of its own.
 */
export async function migrateDatabase(url: string, connection: DatabaseConnectionOptions = {}): Promise<void> {
  const behindPooler = connection.pooler === 'pgbouncer-transaction';
  const direct = behindPooler ? connection.directUrl : url;
  // One connection, so the session lock and the migration share it.
  const client = createDbClient(direct ?? url, {
    max: 1,
    applicationName: 'doppel-migrate',
    ...(direct ? {} : { pooler: connection.pooler }),
  });
  try {
    // Without a direct URL the pooler may lend the lock's session to others and keep it locked;
    // there, migrations go unlocked (docs/deploy.md: run them from one process, or set the URL).
    if (direct) await client.db.execute(sql`select pg_advisory_lock(${migrateLockKey})`);
    try {
      await migrate(client.db, { migrationsFolder });
      await ensureVectorIndexes(client.db);
    } finally {
      if (direct) await client.db.execute(sql`select pg_advisory_unlock(${migrateLockKey})`);
    }
  } finally {
    await client.close();
  }
}
