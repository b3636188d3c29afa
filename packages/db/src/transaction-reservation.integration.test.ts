// postgres.js 3.4.9 reserved a transaction's connection only when its BEGIN did not fill the
// connection's pipeline: under load (hundreds of replies on a pool of ten) a BEGIN then ran on a
// connection other queries still used, and failed with UNSAFE_TRANSACTION or let them run inside
// it. Our patch (patches/postgres@3.4.9.patch) reserves it as soon as BEGIN is written; these
// drive the pipeline boundary directly (upstream fails this test).
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database.drop();
});

describe('a transaction on a pooled postgres.js client', () => {
  it('reserves its connection even when its BEGIN fills the pipeline', async () => {
    // With no room in any pipeline every BEGIN is at the boundary (upstream: always UNSAFE_TRANSACTION).
    // max_pipeline is a postgres.js option its types leave out.
    const options = { max: 4, max_pipeline: 0, onnotice: () => {} } as Parameters<typeof postgres>[1];
    const sql = postgres(database.url, options);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          sql.begin(async (tx) => {
            const [row] = await tx<{ value: number }[]>`select ${index}::int as value`;
            return row?.value;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 20 }, (_, index) => index));
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
