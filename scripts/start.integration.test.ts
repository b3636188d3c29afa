// `npm start` as an operator uses it: against the embedded Postgres (data survives a restart), against
// a second Postgres server named by DATABASE_URL, stopped with Ctrl-C as a terminal sends it, and
// with its worker killed (kill -9) while a fan waits for a reply.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedServer, startEmbeddedPostgres } from '@doppel/db';
import { startFakeOpenAi } from '@doppel/integrations/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { type Message, openChat, startProduct as start, pressCtrlC as stop, stopEveryStart } from './start-harness.ts';
import { buildWebAppIfStale } from './web-build.ts';

/** Ctrl-C stops the API and the worker first, Postgres only once both have exited, and says so last. */
function expectOrderlyStop(output: string, ownPostgres: boolean): void {
  const lines = output.split('\n').filter((line) => line.startsWith('[doppel] '));
  const at = (start: string) => lines.findIndex((line) => line.startsWith(`[doppel] ${start}`));
  const stopping = at('stopping…');
  expect(stopping, output).toBeGreaterThanOrEqual(0);
  expect(at('api stopped'), output).toBeGreaterThan(stopping);
  expect(at('worker stopped'), output).toBeGreaterThan(stopping);
  if (ownPostgres) {
    expect(at('stopping Postgres'), output).toBeGreaterThan(Math.max(at('api stopped'), at('worker stopped')));
  } else {
    expect(at('stopping Postgres'), output).toBe(-1);
  }
  expect(lines.at(-1), output).toBe('[doppel] stopped');
}

/** The pid the supervisor last reported for a child ("[doppel] worker started (pid 123)"). */
function pidOf(output: string, name: string): number | undefined {
  const matches = [...output.matchAll(new RegExp(`\\[doppel\\] ${name} (?:started|restarted) \\(pid (\\d+)\\)`, 'g'))];
  const last = matches.at(-1)?.[1];
  return last === undefined ? undefined : Number(last);
}

beforeAll(() => {
  buildWebAppIfStale(() => {});
}, 300_000);

describe('npm start', () => {
  let dataDir: string;
  let second: EmbeddedServer | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'doppel-start-'));
    // As root, Postgres runs as the postgres user, which must be able to enter the folder.
    chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    // Ctrl-C, so that each stops its Postgres before the folder goes; SIGKILL if that hangs.
    await stopEveryStart();
    await second?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the app and /health on the embedded Postgres, stops on Ctrl-C (Postgres last) and keeps data across a restart', async () => {
    const pgPort = await freePort();
    const env = { DOPPEL_DATA_DIR: join(dataDir, 'embedded'), EMBEDDED_POSTGRES_PORT: String(pgPort) };
    const first = await start(env);
    expect(first.output()).toContain('loaded the demo data');
    expect(first.output()).toContain('admin@doppel.dev');
    const health = await fetch(`${first.url}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: { status: string } }).database.status).toBe('up');
    const page = await fetch(`${first.url}/`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<div id="root">');

    const db = postgres(`postgres://doppel:doppel@127.0.0.1:${pgPort}/doppel`, { max: 1, onnotice: () => {} });
    await db`insert into users (id, email, name) values ('survivor', 'survivor@example.com', 'Survivor')`;
    await db.end();
    expect(await stop(first)).toBe(0);
    expectOrderlyStop(first.output(), true);

    const again = await start(env);
    expect(again.output()).toContain('demo data already present');
    const db2 = postgres(`postgres://doppel:doppel@127.0.0.1:${pgPort}/doppel`, { max: 1, onnotice: () => {} });
    const rows = await db2`select name from users where id = 'survivor'`;
    await db2.end();
    expect(rows).toEqual([{ name: 'Survivor' }]);
    expect(await stop(again)).toBe(0);
    expectOrderlyStop(again.output(), true);
  }, 240_000);

  it('uses the server in DATABASE_URL instead of starting one', async () => {
    second = await startEmbeddedPostgres({ dataDir: join(dataDir, 'second'), port: await freePort(), database: 'external' });
    const started = await start({ DATABASE_URL: second.url, DOPPEL_DATA_DIR: join(dataDir, 'unused') });
    expect(started.output()).toContain('using the Postgres server in DATABASE_URL');
    const health = await fetch(`${started.url}/health`);
    const { database } = (await health.json()) as { database: { status: string; migrations: number } };
    expect(database.status).toBe('up');
    expect(database.migrations).toBeGreaterThan(0);
    const db = postgres(second.url, { max: 1, onnotice: () => {} });
    const admins = await db`select email from users where role = 'ADMIN'`;
    await db.end();
    expect(admins.map((row) => row.email)).toContain('admin@doppel.dev');
    expect(await stop(started)).toBe(0);
    expectOrderlyStop(started.output(), false);
    // The external server is not ours to stop: it still answers.
    const check = postgres(second.url, { max: 1, onnotice: () => {} });
    expect(await check`select 1 as up`).toEqual([{ up: 1 }]);
    await check.end();
  }, 180_000);

  it('restarts a worker killed with kill -9 while the API keeps serving, and answers the message the dead worker held', async () => {
    // The twin's model: its first answer to `held` takes far longer than the test waits, so the
    // worker is still working on that reply (its job active) when it is killed.
    const held = 'Are you still there?';
    let heldRequests = 0;
    const openAi = await startFakeOpenAi({
      fallback: (request) => {
        const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
        if (lastUser.includes(held) && heldRequests++ === 0) return { text: 'too late', delayMs: 60_000 };
        return { text: `Fake reply to: ${lastUser}` };
      },
    });
    try {
      const pgPort = await freePort();
      const started = await start({
        DOPPEL_DATA_DIR: join(dataDir, 'crash'),
        EMBEDDED_POSTGRES_PORT: String(pgPort),
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: openAi.url,
      });
      const db = postgres(`postgres://doppel:doppel@127.0.0.1:${pgPort}/doppel`, { max: 1, onnotice: () => {} });
      const answered = async (message: Message) =>
        (await db`select 1 from chat_messages where reply_to_message_id = ${message.id}`).length === 1;
      try {
        const fan = await openChat(started.url, 'mia');
        const first = await fan.send(held);
        await vi.waitFor(() => expect(heldRequests > 0, started.output()).toBe(true), { timeout: 30_000, interval: 250 });
        const killed = pidOf(started.output(), 'worker');
        if (!killed) throw new Error(`no worker pid in the output:\n${started.output()}`);
        process.kill(killed, 'SIGKILL');

        // The API goes on serving, and takes messages, while the worker is down and coming back.
        const second = await fan.send('And now?');
        expect((await fetch(`${started.url}/health`)).status).toBe(200);
        await vi.waitFor(() => expect((pidOf(started.output(), 'worker') ?? killed) !== killed, started.output()).toBe(true), {
          timeout: 30_000,
          interval: 250,
        });
        expect(started.output()).toMatch(
          /\[doppel\] worker exited unexpectedly \(SIGKILL\) after [\d.]+ s; restarting it in 1 s/,
        );
        expect(started.output()).not.toContain('stopping the rest');
        expect((await fetch(`${started.url}/health`)).status).toBe(200);

        // Both are answered: the one sent meanwhile by the restarted worker, and the held one once
        // its job's heartbeat lapses (seconds, where its two-minute expiry would outlast the wait).
        await vi.waitFor(async () => expect(await answered(second), started.output()).toBe(true), {
          timeout: 60_000,
          interval: 250,
        });
        await vi.waitFor(async () => expect(await answered(first), started.output()).toBe(true), {
          timeout: 60_000,
          interval: 250,
        });
      } finally {
        await db.end();
      }

      expect(await stop(started)).toBe(0);
      expectOrderlyStop(started.output(), true);
    } finally {
      await openAi.close();
    }
  }, 300_000);
});
