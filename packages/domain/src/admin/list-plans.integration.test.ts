// Every admin list's default view is index-backed: with 100,000 rows in each table the planner
// must not read any of them end to end. The lists run through the real use cases; their SQL is
// captured from drizzle and explained with the same parameters, first page and next page alike.
import { users } from '@doppel/db';
import { createTestDatabase, seedBulkAdminData, type TestDatabase } from '@doppel/db/testing';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminLists } from './default-views.ts';
import { createPlanProbe, type PlanProbe } from './plan-probe.ts';

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
  'payouts',
  'broadcasts',
  'payments',
  'payment_ledger',
]);

let database: TestDatabase;
let probe: PlanProbe;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedBulkAdminData(database.sql, { users: rows, talents: rows, chats: rows, messages: rows, faqs: rows });
  probe = createPlanProbe(database.sql, bulkTables);
}, 240_000);
afterAll(() => database?.drop());

describe('admin list plans on 100,000 rows', () => {
  it('sees a full read where there is one (the check itself works)', async () => {
    const unindexed = () => probe.db.select({ id: users.id }).from(users).orderBy(asc(users.name)).limit(50);
    expect((await probe.planOf(unindexed)).seqScans).toEqual(['users']);
  });

  for (const [name, list] of Object.entries(adminLists)) {
    it(`${name} reads no table end to end, on the first page or the next`, async () => {
      let nextCursor: string | null = null;
      const first = await probe.planOf(async () => {
        nextCursor = (await list(probe.db, null)).nextCursor;
      });
      expect(first.seqScans).toEqual([]);
      expect(nextCursor, 'the bulk data fills more than one page').not.toBeNull();
      expect((await probe.planOf(() => list(probe.db, nextCursor))).seqScans).toEqual([]);
    });
  }
});
