// Vitest global setup for integration tests: one real Postgres for the whole run (embedded, or the
// server in TEST_DATABASE_URL), with a migrated template database that each test file clones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, startEmbeddedPostgres } from '@doppel/db';
import { prepareTemplateDatabase } from '@doppel/db/testing';
import type { TestProject } from 'vitest/node';
import { freePort } from '../free-port.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    await prepareTemplateDatabase(external, migrateDatabase);
    project.provide('postgresServerUrl', external);
    return async () => {};
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'doppel-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  await prepareTemplateDatabase(server.url, migrateDatabase);
  project.provide('postgresServerUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
