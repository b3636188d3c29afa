// One `npm start` hands the API and the worker the same LOG_LEVEL: each must start with every level
// the other accepts (the worker once refused `trace` and was restarted over and over), and both
// must write the one line shape of @doppel/logging.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

let database: TestDatabase;
let dataDir: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  dataDir = mkdtempSync(join(tmpdir(), 'doppel-log-level-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Started = { child: ChildProcess; lines: () => Record<string, unknown>[]; exited: Promise<number | null> };

/** Starts `entry` with `env` and resolves once a line of stdout says `started` (or fails when the process exits first). */
function startProcess(entry: string, env: Record<string, string>, started: string): Promise<Started> {
  const child = spawn(process.execPath, [join(repoRoot, entry)], { cwd: repoRoot, env: { ...process.env, ...env } });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return new Promise((resolve, reject) => {
    const check = () => {
      if (output.includes(started)) resolve({ child, lines, exited });
    };
    child.stdout?.on('data', check);
    exited.then((code) => reject(new Error(`${entry} exited (${code}) before starting:\n${output}`)));
  });
}

describe('LOG_LEVEL=trace', () => {
  it('starts the API and the worker, both logging level, time, service and msg on each line', async () => {
    const env = {
      LOG_LEVEL: 'trace',
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DOPPEL_DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    };
    const [api, worker] = await Promise.all([
      startProcess('apps/api/src/main.ts', env, 'Server listening at'),
      startProcess('apps/worker/src/main.ts', env, '"msg":"worker started"'),
    ]);

    for (const [service, started] of [
      ['api', api],
      ['worker', worker],
    ] as const) {
      const lines = started.lines();
      expect(lines.length, service).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line, service).toMatchObject({
          level: expect.any(String),
          time: expect.any(String),
          service,
          msg: expect.any(String),
        });
      }
      started.child.kill('SIGTERM');
      expect(await started.exited, service).toBe(0);
    }
  }, 180_000);
});
