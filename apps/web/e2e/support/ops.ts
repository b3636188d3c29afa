import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');

/** Runs the ops CLI (`node apps/worker/src/cli.ts ...`) against the database of the app under test. */
export async function runOps(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['apps/worker/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}
