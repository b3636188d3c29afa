// Every admin list's default view is index-backed: with 100,000 rows in each table the planner
// must not read any of them end to end. The lists run through the real use cases; their SQL is
// captured from drizzle and explained with the same parameters, first page and next page alike.
import { type Database, users } from '@doppel/db';
import { createTestDatabase, seedBulkAdminData, type TestDatabase } from '@doppel/db/testing';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminLists } from './default-views.ts';

const rows = 100_000;
/** Tables the bulk data fills; a sequential scan of a small config table would be harmless. */
const bulkTables = new Set([
  'users',
  'talents',
  'talent_configs',
  'talent_managers',
  'chats',
  'chat_messages',
  'faqs',
  'public_talents',
]);

let database: TestDatabase;
let captured: Array<{ query: string; params: unknown[] }> = [];
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedBulkAdminData(database.sql, { users: rows, talents: rows, chats: rows, messages: rows, faqs: rows });
  db = drizzle({
    client: database.sql,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Database;
}, 240_000);
afterAll(() => database?.drop());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function seqScans(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' && node['Relation Name'] && bulkTables.has(node['Relation Name'])
      ? [node['Relation Name']]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Runs a list call, explains every statement it sent, and returns the bulk tables read in full. */
async function scannedTables(list: () => Promise<unknown>): Promise<string[]> {
  captured = [];
  await list();
  expect(captured.length, 'the list sent its statements through drizzle').toBeGreaterThan(0);
  const scanned: string[] = [];
  for (const { query, params } of captured) {
    const [result] = await database.sql.unsafe<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `explain (format json) ${query}`,
      params as never[],
    );
    const plan = result?.['QUERY PLAN'][0]?.Plan;
    if (plan) scanned.push(...seqScans(plan));
  }
  return scanned;
}

describe('admin list plans on 100,000 rows', () => {
  it('sees a full read where there is one (the check itself works)', async () => {
    const unindexed = () => db.select({ id: users.id }).from(users).orderBy(asc(users.name)).limit(50);
    expect(await scannedTables(unindexed)).toEqual(['users']);
  });

  for (const [name, list] of Object.entries(adminLists)) {
    it(`${name} reads no table end to end, on the first page or the next`, async () => {
      let nextCursor: string | null = null;
      expect(
        await scannedTables(async () => {
          nextCursor = (await list(db, null)).nextCursor;
        }),
      ).toEqual([]);
      expect(nextCursor, 'the bulk data fills more than one page').not.toBeNull();
      expect(await scannedTables(() => list(db, nextCursor))).toEqual([]);
    });
  }
});
