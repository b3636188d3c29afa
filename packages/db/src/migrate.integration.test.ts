// Several processes starting at once on a fresh database (N API and worker machines after a
// deploy, or `npm start` twice): migrations and the demo seed must each happen once, and no start
// may fail on tables another one is creating.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDbClient } from './client.ts';
import { migrateDatabase, migrationsFolder } from './migrate.ts';
import { newId } from './schema/columns.ts';
import { seedDemoData } from './seed/index.ts';

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
const name = `fresh_${newId()}`;
let url: string;

function onDatabase(database: string): string {
  const parsed = new URL(inject('postgresServerUrl'));
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

beforeAll(async () => {
  const admin = postgres(onDatabase('postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  url = onDatabase(name);
});
afterAll(async () => {
  const admin = postgres(onDatabase('postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('starting several processes at once on an empty database', () => {
  it('applies every migration once while four processes migrate at the same time', async () => {
    await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);
    const db = postgres(url, { max: 1, onnotice: () => {} });
    const [applied] = await db`select count(*)::int as n from drizzle.__drizzle_migrations`;
    await db.end();
    expect(applied?.n).toBe(journal.entries.length);
  });

  it('loads the demo data once when two processes seed at the same time', async () => {
    const clients = [createDbClient(url, { max: 1 }), createDbClient(url, { max: 1 })];
    try {
      const results = await Promise.all(clients.map((client) => seedDemoData(client.db)));
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });
});
