// Migration 0014 on a database that already holds a fan with several ACTIVE subscriptions to one
// twin (possible before it, issue 25 item 2): it keeps the one paid furthest ahead and ends the
// others before the unique index needs them gone, so it applies on existing databases.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDbClient } from './client.ts';
import { migrateDatabase, migrationsFolder } from './migrate.ts';
import { newId } from './schema/columns.ts';

const name = `dupes_${newId()}`;
let url: string;
let before: string;

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
  // The migrations as they were before 0014.
  before = mkdtempSync(join(tmpdir(), 'doppel-migrations-'));
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.startsWith('0014_'));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
});
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  const admin = postgres(onDatabase('postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('the one-active-subscription migration', () => {
  it('ends all but the subscription paid furthest ahead, then applies the index', async () => {
    const client = createDbClient(url, { max: 1 });
    await migrate(client.db, { migrationsFolder: before });
    await client.close();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql`insert into users (id, email) values ('fan', 'fan@test.dev'), ('other', 'other@test.dev')`;
    await sql`insert into talents (id, name, tag) values ('twin', 'Twin', 'twin')`;
    await sql`insert into products (id, name, price_type, price_amount) values ('vip', 'VIP', 'SUBSCRIPTION', 999)`;
    await sql`
      insert into subscriptions (id, provider, external_id, user_id, talent_id, product_id, current_period_end, created_at) values
        ('early', 'stripe', 'sub_1', 'fan', 'twin', 'vip', '2030-01-01', '2029-12-01'),
        ('furthest', 'stripe', 'sub_2', 'fan', 'twin', 'vip', '2030-02-01', '2029-12-02'),
        ('tie_old', 'sandbox', 'sb_1', 'other', 'twin', 'vip', '2030-03-01', '2029-12-01'),
        ('tie_new', 'sandbox', 'sb_2', 'other', 'twin', 'vip', '2030-03-01', '2029-12-03')`;

    await migrateDatabase(url);

    const rows = await sql`select id, status, ended_at is not null as ended from subscriptions order by id`;
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { id: 'early', status: 'ENDED', ended: true },
      { id: 'furthest', status: 'ACTIVE', ended: false },
      { id: 'tie_new', status: 'ACTIVE', ended: false },
      { id: 'tie_old', status: 'ENDED', ended: true },
    ]);
    await expect(sql`update subscriptions set status = 'ACTIVE' where id = 'early'`.then(() => 'updated')).rejects.toThrow(
      /subscriptions_one_active_per_fan_twin/,
    );
    await sql.end();
  });
});
