// Doppel behind PgBouncer in transaction mode (DATABASE_POOLER=pgbouncer-transaction): Debian's
// PgBouncer in front of the test Postgres, with few server sessions so clients' transactions share
// them. Two APIs go through it, one with a direct URL for its LISTEN and one without (it polls), and
// a worker process whose pg-boss and live feed go through it too (its LISTENs past it).
import { randomUUID } from 'node:crypto';
import { chatMessages, seedDemoData } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createTRPCClient, httpSubscriptionLink, type TRPCClient } from '@trpc/client';
import { inArray } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '../../../scripts/worker-process.ts';
import { type AppRouter, buildServer, type LiveEvent, loadEnv } from '../src/index.ts';
import { type Api, type Caller, createCaller } from './harness.ts';
import { type PgBouncer, startPgBouncer } from './support/pgbouncer.ts';

let database: TestDatabase;
let bouncer: PgBouncer;
let pooledUrl: string;
/** Listens past the pooler (DATABASE_DIRECT_URL set). */
let listening: Api;
/** Only the pooler: its live feed polls. */
let polling: Api;
let worker: WorkerProcess;

async function startPooledApi(directUrl?: string): Promise<Api> {
  const env = loadEnv({
    DATABASE_URL: pooledUrl,
    DATABASE_POOLER: 'pgbouncer-transaction',
    ...(directUrl ? { DATABASE_DIRECT_URL: directUrl } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
  const server = await buildServer(env);
  const url = await server.listen(0);
  env.PUBLIC_URL = url;
  return { url, database, server, close: () => server.close() };
}

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  // The demo twin Mia, and the app config the offline reply engine reads its prompts from.
  await seedDemoData(database.db);
  bouncer = await startPgBouncer(database.url, { poolSize: 3 });
  pooledUrl = bouncer.through(database.url);
  [listening, polling, worker] = await Promise.all([
    startPooledApi(database.url),
    startPooledApi(),
    startWorkerProcess(pooledUrl, { DATABASE_POOLER: 'pgbouncer-transaction', DATABASE_DIRECT_URL: database.url }),
  ]);
}, 60_000);

/**
 * Waits for a shutdown step at most `ms`, then goes on and says which step was late, with what the
 * worker and PgBouncer printed. About one run in three of the full suite, a shutdown behind
 * PgBouncer did not finish and held this hook past its minute; which step it was is not known yet.
 */
async function atMost<T>(ms: number, step: string, done: Promise<T> | undefined): Promise<T | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`pgbouncer test: ${step} did not finish within ${ms} ms\n${everyOutput().slice(-4000)}`);
      resolve('late');
    }, ms);
  });
  try {
    return await Promise.race([done ?? Promise.resolve(undefined as T), late]);
  } finally {
    clearTimeout(timer);
  }
}

afterAll(async () => {
  await Promise.all([
    atMost(15_000, 'closing the listening API', listening?.close()),
    atMost(15_000, 'closing the polling API', polling?.close()),
    (async () => {
      // The worker allows its jobs up to 30 s to stop (docs/deploy.md, graceful shutdown); this test's
      // jobs are done by now, so 20 s means a stuck stop: it is then killed.
      if ((await atMost(20_000, 'the worker stopping on SIGTERM', worker?.kill('SIGTERM'))) === 'late')
        await worker?.kill('SIGKILL');
    })(),
  ]);
  await atMost(10_000, 'stopping PgBouncer', bouncer?.stop());
  await atMost(15_000, 'dropping the test database', database?.drop());
}, 90_000);

const everyOutput = () => `${worker?.output() ?? ''}\n${bouncer?.output() ?? ''}`;

/** A live-stream client of `api` that carries `caller`'s session cookie. */
function sameBrowserOn(api: Api, caller: Caller): TRPCClient<AppRouter> {
  const cookieFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', caller.cookie() ?? '');
    return fetch(input, { ...init, headers });
  };
  return createTRPCClient<AppRouter>({
    links: [
      httpSubscriptionLink({
        url: `${api.url}/trpc`,
        EventSource,
        eventSourceOptions: () => ({ fetch: cookieFetch }) as EventSourceInit,
      }),
    ],
  });
}

/** A live stream of `scopes` that records what arrives; resolves once the stream is open. */
async function watch(client: TRPCClient<AppRouter>, scopes: string[]) {
  const received: LiveEvent[] = [];
  let subscription: { unsubscribe: () => void } | undefined;
  await new Promise<void>((resolve, reject) => {
    subscription = client.live.events.subscribe(
      { scopes },
      { onStarted: () => resolve(), onData: (event) => received.push(event.data as LiveEvent), onError: reject },
    );
  });
  return {
    seen: (rowId: string) => received.some((event) => event.entity === 'chat_messages' && event.rowId === rowId),
    stop: () => subscription?.unsubscribe(),
  };
}

async function repliesTo(messageIds: string[]) {
  return database.db
    .select({ id: chatMessages.id, replyTo: chatMessages.replyToMessageId })
    .from(chatMessages)
    .where(inArray(chatMessages.replyToMessageId, messageIds));
}

describe('behind PgBouncer in transaction mode', () => {
  it("answers a fan's message through the pooler and delivers it live, with and without a direct URL", async () => {
    const fan = createCaller(listening);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: 'mia' });
    // The same fan's browser on the other API, as a load balancer would send it there.
    const onPolling = await watch(sameBrowserOn(polling, fan), [`chat:${chat.id}`]);
    const onListening = await watch(fan.client, [`chat:${chat.id}`]);
    try {
      const { message } = await fan.client.chat.send.mutate({
        chatId: chat.id,
        text: 'Hello through the pooler',
        idempotencyKey: randomUUID(),
      });
      // The worker, woken through its feed, answers once; both APIs' streams carry message and reply.
      let replyId = '';
      await vi.waitFor(
        async () => {
          replyId = (await repliesTo([message.id]))[0]?.id ?? '';
          expect(replyId, everyOutput()).not.toBe('');
        },
        { timeout: 20_000, interval: 100 },
      );
      await vi.waitFor(() => expect(onListening.seen(message.id) && onListening.seen(replyId), everyOutput()).toBe(true), {
        timeout: 20_000,
        interval: 100,
      });
      await vi.waitFor(() => expect(onPolling.seen(message.id) && onPolling.seen(replyId), everyOutput()).toBe(true), {
        timeout: 20_000,
        interval: 100,
      });
      expect(await repliesTo([message.id])).toHaveLength(1);
    } finally {
      onPolling.stop();
      onListening.stop();
    }
  });

  it('serves concurrent fans on both APIs through three server sessions, each message answered exactly once', async () => {
    const sent = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const api = index % 2 === 0 ? listening : polling;
        const fan = createCaller(api);
        const { chat } = await fan.client.chat.open.mutate({ talentTag: 'mia' });
        const messages = await Promise.all(
          ['one', 'two'].map((text) =>
            fan.client.chat.send.mutate({ chatId: chat.id, text: `${text} from fan ${index}`, idempotencyKey: randomUUID() }),
          ),
        );
        // Reads in the same moment as the writes, on the same pooled sessions.
        const history = await fan.client.chat.open.mutate({ talentTag: 'mia' });
        expect(history.chat.id).toBe(chat.id);
        return messages.map((answer) => answer.message.id);
      }),
    );
    const messageIds = sent.flat();
    await vi.waitFor(async () => expect((await repliesTo(messageIds)).length >= messageIds.length, everyOutput()).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    const replies = await repliesTo(messageIds);
    expect(replies.map((reply) => reply.replyTo).sort()).toEqual([...messageIds].sort());
  });

  it('needs the setting: a prepared statement fails in a transaction on another server session', async () => {
    // The `postgres` database has a pool of its own in PgBouncer, which nothing else uses here.
    const url = new URL(pooledUrl);
    url.pathname = '/postgres';
    const outcome = async (prepare: boolean) => {
      const client = postgres(url.toString(), { max: 1, prepare, onnotice: () => {} });
      const holder = postgres(url.toString(), { max: 1, onnotice: () => {} });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        // Run (and, by postgres.js's default, prepared) on the pool's one idle session…
        const [first] = await client`select ${1}::int as one, pg_backend_pid() as pid`;
        // …which another client's open transaction then takes (PgBouncer reuses an idle session
        // before it opens a new one)…
        const held = new Promise<number>((resolve, reject) => {
          holder
            .begin(async (tx) => {
              const [row] = await tx`select pg_backend_pid() as pid`;
              resolve(Number(row?.pid));
              await released;
            })
            .catch(reject);
        });
        expect(await held).toBe(Number(first?.pid));
        // …so the statement's next run, in a transaction, goes to a session that never saw it.
        return await client
          .begin((tx) => tx`select ${1}::int as one, pg_backend_pid() as pid`)
          .then(
            () => 'ok',
            (error: Error) => error.message,
          );
      } finally {
        release();
        await Promise.all([client.end(), holder.end()]);
      }
    };
    expect(await outcome(true)).toMatch(/prepared statement .* does not exist/);
    // What DATABASE_POOLER=pgbouncer-transaction makes our client do: nothing to lose.
    expect(await outcome(false)).toBe('ok');
  });
});
