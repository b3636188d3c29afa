// Every filter of the admin users list, with and without an email search, is index-backed: on
// 100,000 users the planner reads no bulk table end to end, on the first page or the next. The
// SQL is captured from drizzle through the real use case and explained with its parameters.
import { createTestDatabase, seedBulkAdminData, type TestDatabase } from '@doppel/db/testing';
import { type AdminUserFilter, adminUserFilters } from '@doppel/validation';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPlanProbe, type PlanProbe } from '../plan-probe.ts';
import { listAdminUsers } from './list-users.ts';

let database: TestDatabase;
let probe: PlanProbe;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedBulkAdminData(database.sql, { users: 100_000, talents: 1000, chats: 0, messages: 0, faqs: 0 });
  probe = createPlanProbe(database.sql, new Set(['users', 'talents', 'talent_managers']));
}, 240_000);
afterAll(() => database?.drop());

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
      const first = await probe.planOf(async () => {
        nextCursor = (await listAdminUsers(probe.db, { filter, search: '', cursor: null })).nextCursor;
      });
      expect(first.seqScans).toEqual([]);
      expect(first.indexes).toContain(expectedIndex[filter]);
      expect(nextCursor, 'the bulk data fills more than one page').not.toBeNull();
      const next = await probe.planOf(() => listAdminUsers(probe.db, { filter, search: '', cursor: nextCursor }));
      expect(next.seqScans).toEqual([]);
    });

    it(`${filter} searched by an email prefix reads no table end to end`, async () => {
      const plan = await probe.planOf(() => listAdminUsers(probe.db, { filter, search: 'bulk123', cursor: null }));
      expect(plan.seqScans).toEqual([]);
    });
  }
});
