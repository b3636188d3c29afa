// pg-boss talks to Postgres through node-postgres, which gives a connection lost under it no code,
// only a message. The worker folds failures that say the database cannot be reached into one
// outage line (packages/db outages.ts); these had gone through as an error line with a stack each,
// a flood when Postgres was killed and pg-boss's pooled connections broke one after another.
import { createServer, type Server } from 'node:net';
import { isDatabaseUnreachable } from '@doppel/db';
import PgBossDb from 'pg-boss/dist/db.js';
import { afterEach, describe, expect, it } from 'vitest';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that takes each connection and drops it, as a Postgres killed mid-session does. */
async function droppingServer(): Promise<number> {
  server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe("pg-boss's connection failures", () => {
  it('count as the database being unreachable', async () => {
    const port = await droppingServer();
    const db = new PgBossDb({ connectionString: `postgres://doppel:doppel@127.0.0.1:${port}/doppel`, max: 1 });
    await db.open();
    try {
      const failure = await db.executeSql('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((failure as Error).message).toBe('Connection terminated unexpectedly');
      expect(isDatabaseUnreachable(failure)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('leave an error of the statement itself alone', () => {
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly, said the job'))).toBe(false);
  });
});
