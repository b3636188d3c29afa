// Test-only helpers: every integration test file gets its own database, cloned from a migrated
// template, so tests run in isolation against a real Postgres without re-running migrations.
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { createDbClient, type DbClient, type Executor } from './client.ts';
import { newId } from './schema/columns.ts';
import { talents } from './schema/index.ts';

export const templateDatabaseName = 'doppel_template';

export type TestDatabase = DbClient & { url: string; drop: () => Promise<void> };

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates a fresh database from the migrated template on the server behind `serverUrl`. */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `test_${newId()}`;
  const admin = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${templateDatabaseName}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const client = createDbClient(url, { max: 5, applicationName: 'doppel-test' });
  return {
    ...client,
    url,
    drop: async () => {
      await client.close();
      const dropper = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Creates (or recreates) the template database and migrates it. Used by the test global setup. */
export async function prepareTemplateDatabase(serverUrl: string, migrate: (url: string) => Promise<void>): Promise<void> {
  const admin = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${templateDatabaseName}" with (force)`);
    await admin.unsafe(`create database "${templateDatabaseName}"`);
  } finally {
    await admin.end();
  }
  await migrate(withDatabase(serverUrl, templateDatabaseName));
}

/** The id of one of the demo twins (seedDemoData) by its tag; throws when the demo data is missing. */
export async function demoTwinId(db: Executor, tag = 'mia'): Promise<string> {
  const [twin] = await db.select({ id: talents.id }).from(talents).where(eq(talents.tag, tag));
  if (!twin) throw new Error(`demo twin ${tag} missing`);
  return twin.id;
}

export { type BroadcastFans, seedBroadcastFans } from './broadcast-fans.ts';
export { type BulkSize, seedBulkAdminData } from './bulk-seed.ts';
