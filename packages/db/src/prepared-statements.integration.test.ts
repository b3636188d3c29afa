import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDbClient, type DbClient } from './client.ts';
import { users } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
// One connection, so what one statement prepared is visible to the next.
let single: DbClient;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  single = createDbClient(database.url, { max: 1 });
});
afterAll(async () => {
  await single.close();
  await database.drop();
});

/** The statements prepared on the executor's connection. */
async function preparedStatements(executor: Pick<DbClient['db'], 'execute'>): Promise<string[]> {
  const rows = await executor.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
  return rows.map((row) => row.statement);
}

describe('drizzle statements', () => {
  it('are prepared on their connection and reused, not parsed again', async () => {
    const byEmail = (email: string) => single.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await byEmail('first@example.com');
    await byEmail('second@example.com');
    const statements = await preparedStatements(single.db);
    expect(statements.filter((statement) => statement.includes('where "users"."email" = $1'))).toHaveLength(1);
  });

  it('are prepared inside transactions and savepoints too', async () => {
    await single.db.transaction(async (tx) => {
      await tx.select({ credits: users.credits }).from(users).where(eq(users.id, 'in-transaction'));
      await tx.transaction(async (savepoint) => {
        await savepoint.update(users).set({ name: 'Renamed' }).where(eq(users.id, 'in-savepoint'));
      });
      const statements = await preparedStatements(tx);
      expect(statements.some((statement) => statement.startsWith('select "credits" from "users"'))).toBe(true);
      expect(statements.some((statement) => statement.startsWith('update "users" set "name" = $1'))).toBe(true);
    });
  });

  it('issued together in a transaction all take effect, in order', async () => {
    const id = 'pipelined-user';
    await database.db.insert(users).values({ id, email: 'pipelined@example.com', name: 'P', credits: 10 });
    const results = await database.db.transaction((tx) =>
      Promise.all([
        tx
          .update(users)
          .set({ credits: sql`${users.credits} - 3` })
          .where(eq(users.id, id))
          .returning({ credits: users.credits }),
        tx
          .update(users)
          .set({ credits: sql`${users.credits} * 2` })
          .where(eq(users.id, id))
          .returning({ credits: users.credits }),
        tx.select({ credits: users.credits }).from(users).where(eq(users.id, id)),
      ]),
    );
    expect(results.map(([row]) => row?.credits)).toEqual([7, 14, 14]);
  });
});
