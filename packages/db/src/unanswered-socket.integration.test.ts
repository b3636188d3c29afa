// The guard against a server that stops answering (unanswered-socket.ts), on the real driver: a
// connection with a statement limit works as any other, and one to a server that accepts but never
// answers fails its query instead of waiting for ever.
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createDbClient } from './client.ts';
import { isDatabaseUnreachable } from './errors.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

const timeouts = { statementMs: 300, idleInTransactionMs: 1_000 };

it('runs statements as usual, with the limits set on the session', async () => {
  const client = createDbClient(database.url, { max: 1, timeouts });
  try {
    const [row] =
      await client.sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`;
    expect(row).toEqual({ statement: '300ms', idle: '1s' });
    // Longer than the limit: Postgres cancels it, and that reads as "temporarily unavailable".
    const failure = await client.sql`select pg_sleep(5)`.catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '57014' });
    expect(isDatabaseUnreachable(failure)).toBe(true);
  } finally {
    await client.close();
  }
});

it('gives up a connection to a server that accepts it and then says nothing', async () => {
  const accepted: Socket[] = [];
  const silent = createServer((socket) => accepted.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const client = createDbClient(`postgres://doppel:doppel@127.0.0.1:${port}/doppel`, { max: 1, timeouts });
  try {
    const failure = await client.sql`select 1`.catch((error: unknown) => error);
    expect(isDatabaseUnreachable(failure), String(failure)).toBe(true);
    expect(accepted.length).toBeGreaterThan(0);
  } finally {
    await client.close();
    for (const socket of accepted) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
