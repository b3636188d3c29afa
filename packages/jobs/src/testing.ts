// For integration tests that need pg-boss's queues and nothing else: a fresh database of the test
// server, every queue of the catalog created on it, and a client-role boss (no maintenance).
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import type { PgBoss } from 'pg-boss';
import { createBoss, ensureQueues } from './boss.ts';

export type TestQueues = { database: TestDatabase; boss: PgBoss; close: () => Promise<void> };

/** Opens the database and the boss; `close` stops the boss and drops the database. */
export async function openTestQueues(serverUrl: string): Promise<TestQueues> {
  const database = await createTestDatabase(serverUrl);
  const boss = createBoss(database.url, { role: 'client' });
  await boss.start();
  await ensureQueues(boss);
  return {
    database,
    boss,
    close: async () => {
      await boss.stop({ graceful: false });
      await database.drop();
    },
  };
}
