// The API under test, in one of two shapes: a server in this process on a free port over its own
// fresh database (startApi), or its own process (`node apps/api/src/main.ts`, startApiProcess), as
// a deployment runs several of them on one database. And browser-like tRPC callers for either: a
// cookie jar, HTTP calls and SSE subscriptions.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { devOutboxEmails, talentManagers, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink, type TRPCClient, TRPCClientError } from '@trpc/client';
import { desc, eq } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import { inject, vi } from 'vitest';
import { freePort } from '../../../scripts/free-port.ts';
import { type ApiServer, type AppRouter, buildServer, loadEnv } from '../src/index.ts';

export type Api = {
  url: string;
  database: TestDatabase;
  server: ApiServer;
  close: () => Promise<void>;
};

export type StartApiOptions = {
  /** Extra settings on top of the test defaults, e.g. a provider's client id and issuer URL. */
  env?: Record<string, string>;
  /** A fixed clock for the use cases that take the current time (see BuildServerOptions). */
  now?: () => Date;
};

export async function startApi(options: StartApiOptions = {}): Promise<Api> {
  const database = await createTestDatabase(inject('postgresServerUrl'));
  const env = loadEnv({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...options.env,
  });
  const server = await buildServer(env, { db: database, now: options.now });
  const url = await server.listen(0);
  // The port is known only now; a deployment sets PUBLIC_URL up front. Links and OAuth redirect
  // URIs then point at this server, as they would in production.
  if (!options.env?.PUBLIC_URL) env.PUBLIC_URL = url;
  return {
    url,
    database,
    server,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

export type CallerOptions = {
  /** The client's address, sent as X-Forwarded-For: the API believes it only with TRUST_PROXY set. */
  forwardedFor?: string;
  /** Sent as X-Request-Id on every call: the id the API logs and hands on to the jobs it enqueues. */
  requestId?: string;
  /** Sent as Accept-Language on every call, as a browser does (the crisis services' country). */
  acceptLanguage?: string;
};

/** A browser: one cookie jar shared by its tabs, each tab a tRPC client of one API (server or process). */
export type Browser = {
  /** A tRPC client of the API at `url` sending this browser's cookie. */
  client: (url: string) => TRPCClient<AppRouter>;
  cookie: () => string | undefined;
};

export function createBrowser(options: CallerOptions = {}): Browser {
  let cookie: string | undefined;
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('cookie', cookie);
    if (options.forwardedFor) headers.set('x-forwarded-for', options.forwardedFor);
    if (options.requestId) headers.set('x-request-id', options.requestId);
    if (options.acceptLanguage) headers.set('accept-language', options.acceptLanguage);
    const response = await fetch(input, { ...init, headers });
    const set = response.headers.getSetCookie().find((line) => line.startsWith('doppel_session='));
    if (set) {
      const pair = set.split(';')[0] ?? '';
      cookie = pair.endsWith('=') ? undefined : pair;
    }
    return response;
  };
  return {
    cookie: () => cookie,
    client: (url) =>
      createTRPCClient<AppRouter>({
        links: [
          splitLink({
            condition: (op) => op.type === 'subscription',
            true: httpSubscriptionLink({
              url: `${url}/trpc`,
              EventSource,
              eventSourceOptions: () => ({ fetch: cookieFetch }) as EventSourceInit,
            }),
            false: httpLink({ url: `${url}/trpc`, fetch: cookieFetch }),
          }),
        ],
      }),
  };
}

const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export type ApiProcess = {
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Everything it printed, for a failure message. */
  output: () => string;
  /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
  stop: () => Promise<number | null>;
};

/**
 * Starts an API process with exactly `env` (the caller's environment without Vitest's, so
 * NODE_ENV=test does not leak into the product) on a free port; resolves once /health answers 200.
 */
export async function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainPath], {
    env: { LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port) },
  });
  let printed = '';
  child.stdout.on('data', (chunk) => {
    printed += chunk;
  });
  child.stderr.on('data', (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const healthy = vi.waitFor(
    async () => {
      if (gone) return;
      const response = await fetch(`${url}/health`);
      if (!response.ok) throw new Error(`/health answered ${response.status}`);
    },
    { timeout: 60_000, interval: 200 },
  );
  await healthy.catch((error: unknown) => {
    throw new Error(`the API did not answer /health within 60 s (${String(error)}):\n${printed}`);
  });
  if (gone) throw new Error(`the API exited before serving:\n${printed}`);
  return {
    url,
    child,
    output: () => printed,
    stop: () => {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A browser-like caller of one API: a browser with a single tab. */
export type Caller = { client: TRPCClient<AppRouter>; cookie: () => string | undefined };

export function createCaller(api: Pick<Api, 'url'>, options: CallerOptions = {}): Caller {
  const browser = createBrowser(options);
  return { client: browser.client(api.url), cookie: browser.cookie };
}

/** Asks for a magic link from `caller`'s browser and returns the token the email in the outbox carries. */
export async function requestSignInToken(api: Api, caller: Caller, email: string): Promise<string> {
  await caller.client.auth.requestSignInLink.mutate({ email });
  const [mail] = await api.database.db
    .select()
    .from(devOutboxEmails)
    .where(eq(devOutboxEmails.to, email))
    .orderBy(desc(devOutboxEmails.createdAt))
    .limit(1);
  const token = new URL(mail?.link ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error(`no sign-in link for ${email} in the outbox`);
  return token;
}

/** Signs in through the real magic-link flow: request, read the outbox, open the link. */
export async function signIn(api: Api, email: string, options: CallerOptions = {}): Promise<Caller> {
  const caller = createCaller(api, options);
  const token = await requestSignInToken(api, caller, email);
  await caller.client.auth.signInWithLink.mutate({ email, token });
  return caller;
}

/** Users for access tests: an admin, two creators managing one talent each, and a fan. */
export async function seedPeople(api: Api) {
  const { db } = api.database;
  const [admin, creatorA, creatorB, fan] = await db
    .insert(users)
    .values([
      { email: 'admin@test.dev', name: 'Admin', role: 'ADMIN', waitlistStatus: 'ACCEPTED' },
      { email: 'creator-a@test.dev', name: 'Creator A', waitlistStatus: 'ACCEPTED' },
      { email: 'creator-b@test.dev', name: 'Creator B', waitlistStatus: 'ACCEPTED' },
      { email: 'fan@test.dev', name: 'Fan' },
    ])
    .returning();
  const [talentA, talentB] = await db
    .insert(talents)
    .values([
      { name: 'Talent A', tag: 'talent_a' },
      { name: 'Talent B', tag: 'talent_b' },
    ])
    .returning();
  if (!admin || !creatorA || !creatorB || !fan || !talentA || !talentB) throw new Error('seed failed');
  await db.insert(talentManagers).values([
    { userId: creatorA.id, talentId: talentA.id },
    { userId: creatorB.id, talentId: talentB.id },
  ]);
  return { admin, creatorA, creatorB, fan, talentA, talentB };
}

export type Refusal = { code?: string; message: string; fieldErrors?: Record<string, string[]> };

/** Awaits a call that must fail and returns what the client saw: code, message, field errors. */
export async function refusal(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code?: string; fieldErrors?: Record<string, string[]> } | undefined;
      return { code: data?.code, message: error.message, fieldErrors: data?.fieldErrors };
    }
    throw error;
  }
  throw new Error('the call succeeded but was expected to fail');
}
