import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const mainPath = fileURLToPath(new URL('./main.ts', import.meta.url));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

describe('worker process', () => {
  it('stops gracefully on SIGTERM, ignores a second signal, and exits 0', async () => {
    const child = spawn(process.execPath, [mainPath], { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'info' } });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('"msg":"worker started"')) resolve();
      });
      child.on('close', () => reject(new Error(`worker exited before starting:\n${stdout}\n${stderr}`)));
    });

    child.kill('SIGTERM');
    child.kill('SIGINT');

    expect(await exited).toBe(0);
    expect(stdout).toContain('"msg":"worker stopped"');
    expect(stderr).toContain('already stopping; signal ignored');
  });

  it('refuses to start without DATABASE_URL', async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [mainPath], { env });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(1);
    expect(stderr).toContain('DATABASE_URL is required to run the worker');
  });
});
