// The API as its own process (`node apps/api/src/main.ts`), as a deployment runs several of them on
// one database, and a browser-like tRPC client for it (cookie jar, HTTP calls, SSE subscriptions).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink, type TRPCClient } from '@trpc/client';
import { EventSource } from 'eventsource';
import { freePort } from '../../../scripts/free-port.ts';
import type { AppRouter } from '../src/index.ts';

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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`the API exited before serving:\n${printed}`);
    if (Date.now() > deadline) throw new Error(`the API did not answer /health within 60 s:\n${printed}`);
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 200));
  }
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

/** A browser: one cookie jar shared by its tabs, each tab a tRPC client of one API process. */
export type Browser = {
  /** A tRPC client of the API at `url` sending this browser's cookie. */
  client: (url: string) => TRPCClient<AppRouter>;
  cookie: () => string | undefined;
};

export function createBrowser(options: { forwardedFor?: string } = {}): Browser {
  let cookie: string | undefined;
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('cookie', cookie);
    // The load balancer's header: the APIs run with TRUST_PROXY, as behind one.
    if (options.forwardedFor) headers.set('x-forwarded-for', options.forwardedFor);
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
