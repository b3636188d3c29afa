// Vitest global setup for the end-to-end tier: the whole product, started the way a user starts it
// (`node scripts/start.ts`: web build, embedded Postgres, migrations, demo data, API, worker) on free
// ports with a throw-away data folder, shared by every e2e test file.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../../scripts/free-port.ts';

const root = resolve(import.meta.dirname, '../../../..');
const startTimeoutMs = 180_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [port, postgresPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'doppel-e2e-'));
  // As root, the embedded Postgres runs as its own user, which must be able to reach its data folder.
  chmodSync(dataDir, 0o755);
  const logPath = join(dataDir, 'start.log');
  const log = createWriteStream(logPath);

  // The environment of a user's `npm start`: no test runner variables (NODE_ENV=test would give a
  // development build of React), its own embedded Postgres, and the development outbox for email.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && !['NODE_ENV', 'TEST', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL'].includes(key),
    ),
  );
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      DOPPEL_DATA_DIR: join(dataDir, 'data'),
      LOG_LEVEL: 'warn',
      // Every test's browser comes from this one address, and the demo creator's and admin's pages
      // share one session across a test file; people come from many addresses and sessions.
      ANONYMOUS_FANS_PER_ADDRESS: '1000',
      LIVE_STREAMS_PER_SESSION: '1000',
      LIVE_STREAMS_PER_ADDRESS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  const stop = () => stopProcess(child).finally(() => rmSync(dataDir, { recursive: true, force: true }));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, child, startTimeoutMs);
  } catch (error) {
    await stopProcess(child);
    const output = readFileSync(logPath, 'utf8').split('\n').slice(-60).join('\n');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- last lines of scripts/start.ts ---\n${output}`);
  }

  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', `postgres://doppel:doppel@127.0.0.1:${postgresPort}/doppel`);
  return stop;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`scripts/start.ts exited with code ${child.exitCode} before /health answered`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${baseUrl}/health did not answer 200 within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then wait for the start script to stop its children and Postgres; SIGKILL after 40 s. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}
