import postgres from 'postgres';
import { afterAll, inject } from 'vitest';

/** A single connection to the database the app under test uses, for reading and arranging state directly. */
export function connectDatabase(): postgres.Sql {
  return postgres(inject('databaseUrl'), { max: 1, onnotice: () => undefined });
}

/**
 * A connection for the calling describe block, ended after its tests. Call it before the block's own
 * afterAll hooks that query: Vitest runs afterAll hooks in reverse order of registration
 * (`sequence.hooks: 'stack'`), so theirs run while the connection is still open.
 */
export function useDatabase(): postgres.Sql {
  const sql = connectDatabase();
  afterAll(async () => {
    await sql.end();
  });
  return sql;
}
