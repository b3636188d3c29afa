import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { createDbClient } from './client.ts';

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');

/** Applies the committed SQL migrations; safe to run on every start. */
export async function migrateDatabase(url: string): Promise<void> {
  const client = createDbClient(url, { max: 1, applicationName: 'doppel-migrate' });
  try {
    await migrate(client.db, { migrationsFolder });
  } finally {
    await client.close();
  }
}
