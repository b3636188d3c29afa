// Calls on a database that holds them: a table locked by another session, or a server frozen with
// connections open (SIGSTOP, a hung host). Calls had waited as long as the lock or the freeze
// lasted; with DATABASE_STATEMENT_TIMEOUT_MS they answer 503 "temporarily unavailable" instead.
// And what the failure's log line says: the error code, never the SQL or its parameters (here the
// fan's session id, which the session lookup is asked with).
import { createDbClient, type DbClient, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createSession } from '@doppel/domain/auth';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { databaseUnavailableMessage } from '../src/trpc/database-unavailable.ts';
import { type ApiProcess, startApiProcess } from './harness.ts';
import { type FreezableProxy, startFreezableProxy } from './support/freezable-proxy.ts';

let database: TestDatabase;
let proxy: FreezableProxy;
/** Through the proxy, with a short statement limit. */
let limited: ApiProcess;
/** With no limit (DATABASE_STATEMENT_TIMEOUT_MS=0), as the API was before there was one. */
let unlimited: ApiProcess;
let admin: DbClient;
/**
 * The fan's sessions, one for each call that must look its session up: a session the API confirmed
 * lately is answered from its memory for a few seconds (apps/api/src/trpc/session-cache.ts).
 */
const tokens: string[] = [];
/** A session no API process has seen yet; the last one is reused once they run out. */
const freshToken = () => (tokens.length > 1 ? (tokens.pop() as string) : (tokens[0] as string));

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const [fan] = await database.db.insert(users).values({ email: 'fan@test.dev', name: 'Fan' }).returning();
  if (!fan) throw new Error('fan insert failed');
  for (let i = 0; i < 40; i++) tokens.push((await createSession(database.db, fan.id)).token);
  proxy = await startFreezableProxy(database.url);
  // The environment of the test run (PATH, HOME) without Vitest's own settings.
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...inherited } = process.env;
  const common = { ...inherited, LOG_LEVEL: 'info', DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000' };
  // One after the other: two starting at once on a busy machine each take twice as long.
  limited = await startApiProcess({
    ...common,
    DATABASE_URL: proxy.through(database.url),
    DATABASE_STATEMENT_TIMEOUT_MS: '500',
  });
  unlimited = await startApiProcess({ ...common, DATABASE_URL: database.url, DATABASE_STATEMENT_TIMEOUT_MS: '0' });
  admin = createDbClient(database.url, { max: 2 });
}, 180_000);
afterAll(async () => {
  await Promise.all([limited?.stop(), unlimited?.stop()]);
  await proxy?.close();
  await admin?.close();
  await database?.drop();
});

type Answer = { status: number; body: string };

/** The fan's `auth.me`, which first looks the session up. Cut off after 15 s: hanging is the failure here. */
async function me(api: ApiProcess, token = freshToken()): Promise<Answer> {
  const response = await fetch(`${api.url}/trpc/auth.me`, {
    headers: { cookie: `doppel_session=${token}` },
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: await response.text() };
}

function expectUnavailable(answer: Answer): void {
  expect(answer.status, answer.body).toBe(503);
  expect((JSON.parse(answer.body) as { error: { message: string } }).error.message).toBe(databaseUnavailableMessage);
}

/** Runs `during` while another session holds the sessions table locked against every reader. */
async function whileSessionsLocked<T>(during: () => Promise<T>): Promise<T> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = admin.sql.begin(async (tx) => {
    await tx`lock table sessions in access exclusive mode`;
    locked();
    await released;
  });
  await isLocked;
  try {
    return await during();
  } finally {
    release();
    await holder;
  }
}

describe('a call the database holds', () => {
  it('answers 503 once the statement limit passes while another session holds a lock it needs', async () => {
    expect((await me(limited)).status).toBe(200);
    const answer = await whileSessionsLocked(() => me(limited));
    expectUnavailable(answer);
    // The lock gone, the same server answers again.
    expect((await me(limited)).status).toBe(200);
  }, 60_000);

  it('answers 503 when the server stops answering with the connection open, and serves again after', async () => {
    expect((await me(limited)).status).toBe(200);
    proxy.freeze();
    try {
      expectUnavailable(await me(limited));
    } finally {
      proxy.thaw();
    }
    // Connections given up during the freeze are opened anew.
    await vi.waitFor(
      async () => {
        const answer = await me(limited);
        expect(answer.status, answer.body).toBe(200);
      },
      { timeout: 15_000, interval: 200 },
    );
  }, 60_000);
});

describe('the log line of a failed call', () => {
  it('carries the error code, not the statement or the session id it was asked with', async () => {
    const before = unlimited.output().length;
    const token = freshToken();
    const [sessionId = '', secret = ''] = token.split('.');
    const answer = await whileSessionsLocked(async () => {
      const call = me(unlimited, token);
      // The lookup waits on the lock; an operator cancels it (pg_cancel_backend), as a time limit would.
      await vi.waitFor(
        async () => {
          const cancelled = await admin.sql`
            select pg_cancel_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'doppel-api' and wait_event_type = 'Lock'`;
          expect(cancelled, 'a lookup waiting on the lock').not.toHaveLength(0);
        },
        { timeout: 15_000, interval: 50 },
      );
      return call;
    });
    const logged = unlimited.output().slice(before);
    expect(logged).toContain('57014');
    expect(logged).not.toContain(sessionId);
    expect(logged).not.toContain(secret);
    expect(logged).not.toMatch(/select|from "sessions"|Failed query:|params:/i);
    // A statement cancelled is a moment to wait out, as one the time limit cancels.
    expectUnavailable(answer);
  }, 60_000);
});
