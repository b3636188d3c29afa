// `npm start` as an operator uses it: against the embedded Postgres (data survives a restart) and
// against a second Postgres server named by DATABASE_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type EmbeddedServer, startEmbeddedPostgres } from '@doppel/db';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { buildWebAppIfStale } from './web-build.ts';

const root = resolve(import.meta.dirname, '..');

type Started = { process: ChildProcess; url: string; output: () => string };

/** Runs scripts/start.ts and resolves once it printed its address. */
async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  // Vitest's own variables (NODE_ENV=test among them) must not leak into the product.
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...inherited, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  await new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (output.includes('Doppel is running at')) {
        clearInterval(check);
        done();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      fail(new Error(`start exited with ${code}:\n${output}`));
    });
  });
  return { process: child, url: `http://127.0.0.1:${port}`, output: () => output };
}

/** Sends Ctrl-C's signal and resolves with the exit code. */
function stop(started: Started): Promise<number | null> {
  return new Promise((done) => {
    started.process.removeAllListeners('exit');
    started.process.once('exit', (code) => done(code));
    started.process.kill('SIGINT');
  });
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
    await second?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the app and /health on the embedded Postgres, stops on Ctrl-C and keeps data across a restart', async () => {
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

    const again = await start(env);
    expect(again.output()).toContain('demo data already present');
    const db2 = postgres(`postgres://doppel:doppel@127.0.0.1:${pgPort}/doppel`, { max: 1, onnotice: () => {} });
    const rows = await db2`select name from users where id = 'survivor'`;
    await db2.end();
    expect(rows).toEqual([{ name: 'Survivor' }]);
    expect(await stop(again)).toBe(0);
  });

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
    // The external server is not ours to stop: it still answers.
    const check = postgres(second.url, { max: 1, onnotice: () => {} });
    expect(await check`select 1 as up`).toEqual([{ up: 1 }]);
    await check.end();
  });
});
