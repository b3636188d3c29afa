// The API while its Postgres is down: calls fail at once with a plain "temporarily unavailable"
// (HTTP 503, SERVICE_UNAVAILABLE, no SQL), /health says 503, and once Postgres is back the same
// server serves again without a restart. It runs a Postgres server of its own, to stop it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedServer, migrateDatabase, startEmbeddedPostgres } from '@doppel/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-port.ts';
import { type ApiServer, buildServer, loadEnv } from '../src/index.ts';
import { databaseUnavailableMessage } from '../src/trpc/database-unavailable.ts';

let dataDir: string;
let port: number;
let postgres: EmbeddedServer | undefined;
let server: ApiServer;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'doppel-outage-'));
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir, port });
  await migrateDatabase(postgres.url);
  // The server opens its own pool, with the settings production runs on.
  const env = loadEnv({ DATABASE_URL: postgres.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  server = await buildServer(env);
  url = await server.listen(0);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: string };
type Call = { path: string; input?: unknown; mutation?: boolean; cookie?: string };

// A read, a write, and a read whose session cookie is looked up before the procedure runs.
const read: Call = { path: 'discover.list' };
const write: Call = { path: 'auth.requestSignInLink', mutation: true, input: { email: 'fan@example.com' } };
const withSession: Call = { path: 'auth.me', cookie: 'doppel_session=some.session' };

/**
 * One call as a browser makes it. A call that hangs is cut off after 10 s: hanging is one of the
 * failures this file is about, so it must fail the test rather than time it out.
 */
async function call({ path, input, mutation, cookie }: Call): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const signal = AbortSignal.timeout(10_000);
  const response = mutation
    ? await fetch(`${url}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input ?? {}), signal })
    : await fetch(`${url}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
        headers,
        signal,
      });
  return { status: response.status, body: await response.text() };
}

function expectUnavailable(answer: Answer): void {
  expect(answer.status, answer.body).toBe(503);
  const { error } = JSON.parse(answer.body) as { error: { message: string; data: { code: string } } };
  expect(error.message).toBe(databaseUnavailableMessage);
  expect(error.data.code).toBe('SERVICE_UNAVAILABLE');
  // Nothing about the database leaks: no statement, no driver message, no address.
  expect(answer.body).not.toMatch(/select|insert|ECONNREFUSED|127\.0\.0\.1|postgres|Failed query/i);
}

async function health(): Promise<{ status: number; database: string }> {
  const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, database: ((await response.json()) as { database: { status: string } }).database.status };
}

describe('the API while Postgres is down', () => {
  it('answers 503 "temporarily unavailable" at once, also beyond its pool size, and serves again once Postgres is back', async () => {
    for (const each of [read, write, withSession]) expect((await call(each)).status).toBe(200);
    expect(await health()).toEqual({ status: 200, database: 'up' });

    await postgres?.stop();

    expect(await health()).toEqual({ status: 503, database: 'down' });
    for (const each of [read, write, withSession]) expectUnavailable(await call(each));
    // More calls at once than the pool has connections (20): the ones queued for a connection
    // used to wait out the driver's growing reconnect pauses and hang.
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, index) => call([read, write, withSession][index % 3] as Call)),
    );
    for (const answer of burst) expectUnavailable(answer);

    postgres = await startEmbeddedPostgres({ dataDir, port });
    // The server finds its way back by itself, on its own time.
    await expect.poll(health, { timeout: 15_000, interval: 200 }).toEqual({ status: 200, database: 'up' });
    for (const each of [read, write, withSession]) expect((await call(each)).status).toBe(200);
  }, 120_000);
});
