// Every filter of the admin users list, with and without an email search, is index-backed: on
// 100,000 users the planner reads no bulk table end to end, on the first page or the next. The
// SQL is captured from drizzle through the real use case and explained with its parameters.
import type { Database } from '@doppel/db';
import { createTestDatabase, seedBulkAdminData, type TestDatabase } from '@doppel/db/testing';
import { type AdminUserFilter, adminUserFilters } from '@doppel/validation';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listAdminUsers } from './list-users.ts';

const bulkTables = new Set(['users', 'talents', 'talent_managers']);

let database: TestDatabase;
let captured: Array<{ query: string; params: unknown[] }> = [];
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedBulkAdminData(database.sql, { users: 100_000, talents: 1000, chats: 0, messages: 0, faqs: 0 });
  db = drizzle({
    client: database.sql,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Database;
}, 240_000);
afterAll(() => database?.drop());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function walk(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(walk)];
}

/** Runs the list, explains each statement it sent; the bulk tables read in full and the indexes used. */
async function planOf(list: () => Promise<unknown>): Promise<{ seqScans: string[]; indexes: string[] }> {
  captured = [];
  await list();
  const nodes: PlanNode[] = [];
  for (const { query, params } of captured) {
    const [result] = await database.sql.unsafe<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `explain (format json) ${query}`,
      params as never[],
    );
    const plan = result?.['QUERY PLAN'][0]?.Plan;
    if (plan) nodes.push(...walk(plan));
  }
  return {
    seqScans: nodes
      .filter((n) => n['Node Type'] === 'Seq Scan' && bulkTables.has(n['Relation Name'] ?? ''))
      .map((n) => n['Relation Name'] ?? ''),
    indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
  };
}

const expectedIndex: Record<AdminUserFilter, string> = {
  pending: 'users_waitlist_status_created_id_idx',
  accepted: 'users_waitlist_status_created_id_idx',
  rejected: 'users_waitlist_status_created_id_idx',
  live: 'users_waitlist_status_created_id_idx',
  onboarding: 'users_waitlist_status_created_id_idx',
  admins: 'users_role_created_id_idx',
  fans: 'users_fans_created_id_idx',
};

describe('admin users list plans on 100,000 users', () => {
  for (const filter of adminUserFilters) {
    it(`${filter} reads no table end to end and walks its index, first page and next`, async () => {
      let nextCursor: string | null = null;
      const first = await planOf(async () => {
        nextCursor = (await listAdminUsers(db, { filter, search: '', cursor: null })).nextCursor;
      });
      expect(first.seqScans).toEqual([]);
      expect(first.indexes).toContain(expectedIndex[filter]);
      expect(nextCursor, 'the bulk data fills more than one page').not.toBeNull();
      const next = await planOf(() => listAdminUsers(db, { filter, search: '', cursor: nextCursor }));
      expect(next.seqScans).toEqual([]);
    });

    it(`${filter} searched by an email prefix reads no table end to end`, async () => {
      const plan = await planOf(() => listAdminUsers(db, { filter, search: 'bulk123', cursor: null }));
      expect(plan.seqScans).toEqual([]);
    });
  }
});
