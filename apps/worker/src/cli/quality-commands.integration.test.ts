// `ops quality run` and `ops quality report` on a real Postgres with the demo data, offline: the run
// prints its progress and scores and is stored as a MANUAL run; the report lists it with the
// weakest cases; an unknown twin is refused with a clear message.
import { qualityRuns, seedDemoData } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../cli.ts';

let database: TestDatabase;

async function ops(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    // No model key: the offline engine answers and the offline scorer scores.
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', OPENAI_API_KEY: '', OPENAI_BASE_URL: '' },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
});
afterAll(async () => {
  await database?.drop();
});

describe('ops quality', () => {
  it('runs the check set of a twin named by tag now and reports it', async () => {
    const run = await ops('quality', 'run', '@mia');
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^run \S+ for Mia Moreno \(offline engine\)/);
    expect(run.stdout).toMatch(/\n {2}(\d+)\/\1 cases\n/);
    expect(run.stdout).toMatch(/HONESTY\s+100%/);
    expect(run.stdout).toMatch(/overall \d+% over \d+ cases in [\d.]+ s/);
    const [stored] = await database.db.select().from(qualityRuns);
    expect(stored).toMatchObject({ trigger: 'MANUAL', status: 'DONE', scorer: 'offline' });

    const report = await ops('quality', 'report', 'mia', '--limit', '5');
    expect(report.code).toBe(0);
    expect(report.stdout).toContain(stored?.id);
    expect(report.stdout).toContain(`weakest cases of run ${stored?.id}:`);
    expect(report.stdout).toMatch(/MANUAL\s+DONE/);
  });

  it('refuses an unknown twin and a missing argument with clear messages', async () => {
    const unknown = await ops('quality', 'run', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: no twin with tag or id "nobody"');
    const missing = await ops('quality', 'report');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('`quality report` needs <twin-tag-or-id>');
    expect(await database.db.select().from(qualityRuns).where(eq(qualityRuns.trigger, 'MANUAL'))).toHaveLength(1);
  });
});
