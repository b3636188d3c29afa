// What a caller reads when the server fails, over real HTTP: a failed query and a database that is
// down. A 500 had carried the failed SQL and its parameters (plain routes answered Fastify's
// `err.message`; /health the driver's message). Now every internal failure answers the generic
// message and a short error id, under which the details are logged.
import { createDbClient, type DbClient } from '@doppel/db';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailableMessage } from '../src/trpc/database-unavailable.ts';
import { internalErrorMessage } from '../src/trpc/init.ts';
import { type Api, type Caller, createCaller, seedPeople, signIn, startApi } from './harness.ts';

const errorId = expect.stringMatching(/^[0-9a-f]{10}$/);

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
});
afterAll(() => api.close());

/** What an answer must not contain: the query, its parameters, the driver's words, the database's name. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/select|from "|params|postgres|connect|database "|test_/i);
}

describe('a failed query on a plain route', () => {
  it('answers the generic message and an error id, not the SQL and its parameters', async () => {
    // Postgres refuses NUL in text: the media lookup's query fails.
    const response = await fetch(`${api.url}/media/secret%00value/0`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: internalErrorMessage, errorId });
    expectNoInternals(text);
  });

  it('keeps Fastify’s own refusals, which name no internals', async () => {
    const response = await fetch(`${api.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });
});

describe('while the database is down', () => {
  let admin: DbClient;
  let name: string;
  let signedIn: Caller;

  beforeAll(async () => {
    signedIn = await signIn(api, people.fan.email as string);
    const url = new URL(api.database.url);
    name = url.pathname.slice(1);
    url.pathname = '/postgres';
    admin = createDbClient(url.toString(), { max: 1 });
    // No new connections to this database, and the open ones end: what the API sees of an outage.
    await admin.sql`alter database ${admin.sql(name)} allow_connections false`;
    await admin.sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
  });
  afterAll(async () => {
    await admin.sql`alter database ${admin.sql(name)} allow_connections true`;
    await admin.close();
  });

  it('/health says the database is down with an error id, not the driver’s message', async () => {
    const response = await fetch(`${api.url}/health`);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ status: 'degraded', database: { status: 'down', errorId } });
    expectNoInternals(text);
  });

  it('a plain route answers "temporarily unavailable" or the generic message with an error id', async () => {
    const response = await fetch(`${api.url}/media/some-message/0`);
    const text = await response.text();
    // A lost connection reads as unavailable (503); the refusal of a database closed to connections
    // (SQLSTATE 55000, shared with unrelated errors) stays an internal error. Neither names internals.
    if (response.status === 503) expect(JSON.parse(text)).toEqual({ error: databaseUnavailableMessage });
    else {
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ error: internalErrorMessage, errorId });
    }
    expectNoInternals(text);
  });

  it('a call whose session cannot be read answers the generic message and an error id', async () => {
    const failure = await signedIn.client.auth.me.query().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCClientError);
    const error = failure as TRPCClientError<never>;
    if ((error.data as { code?: string } | undefined)?.code === 'SERVICE_UNAVAILABLE')
      expect(error.message).toBe(databaseUnavailableMessage);
    else {
      expect(error.message).toBe(internalErrorMessage);
      expect(error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', errorId });
    }
    expectNoInternals(JSON.stringify({ message: error.message, data: error.data }));
  });

  it('a live stream that cannot be authorised reports "temporarily unavailable" or the generic message, never internals', async () => {
    const caller = createCaller(api);
    // It used to wait forever at times: the driver dropped the database's refusal when the pooled
    // connection had died mid-statement (see packages/db/src/lost-connection.integration.test.ts).
    // A failure is one the client retries: it shows as the reason of a reconnect.
    const reported = await new Promise<Error>((resolve) => {
      const subscription = caller.client.live.events.subscribe(
        { scopes: ['chat:somechat'] },
        {
          onConnectionStateChange: (state) => {
            if (state.state === 'connecting' && state.error) {
              subscription.unsubscribe();
              resolve(state.error);
            }
          },
          onError: (error) => {
            subscription.unsubscribe();
            resolve(error);
          },
        },
      );
    });
    // A refusal before the stream starts can reach the client as the transport's own error.
    if (!(reported instanceof TRPCClientError)) return expectNoInternals(reported.message);
    const error = reported;
    if ((error.data as { code?: string } | undefined)?.code === 'SERVICE_UNAVAILABLE') {
      expect(error.message).toBe(databaseUnavailableMessage);
    } else {
      expect(error.message).toBe(internalErrorMessage);
      expect(error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', errorId });
    }
    expectNoInternals(JSON.stringify({ message: error.message, data: error.data }));
  });
});
