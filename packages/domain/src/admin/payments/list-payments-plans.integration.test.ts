// The admin payments list is index-backed in every view: on 100,000 payments the planner reads no
// payment, ledger entry, fan or twin end to end, on the first page or the next. The SQL is captured
// from drizzle through the real use case and explained with its parameters.
import { createTestDatabase, seedBulkAdminData, type TestDatabase } from '@doppel/db/testing';
import { type AdminPaymentPriceTypeFilter, adminPaymentPriceTypeFilters } from '@doppel/validation';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPlanProbe, type PlanProbe } from '../plan-probe.ts';
import { listAdminPayments } from './list-payments.ts';

let database: TestDatabase;
let probe: PlanProbe;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedBulkAdminData(database.sql, { users: 10_000, talents: 1000, chats: 0, messages: 0, faqs: 100_000 });
  probe = createPlanProbe(database.sql, new Set(['payments', 'payment_ledger', 'users', 'talents']));
}, 240_000);
afterAll(() => database?.drop());

const views: Array<{ showSandbox: boolean; priceType: AdminPaymentPriceTypeFilter; index: string }> = [
  ...adminPaymentPriceTypeFilters.map((priceType) => ({ showSandbox: false, priceType, index: 'payments_live_created_id_idx' })),
  { showSandbox: true, priceType: 'all', index: 'payments_created_id_idx' },
];

describe('admin payments list plans on 100,000 payments', () => {
  for (const { showSandbox, priceType, index } of views) {
    it(`${priceType}${showSandbox ? ' with sandbox' : ''} walks ${index} and reads no table end to end, first page and next`, async () => {
      let nextCursor: string | null = null;
      const first = await probe.planOf(async () => {
        nextCursor = (await listAdminPayments(probe.db, { showSandbox, priceType, cursor: null })).nextCursor;
      });
      expect(first.seqScans).toEqual([]);
      expect(first.indexes).toContain(index);
      expect(first.indexes).toContain('payment_ledger_payment_idx');
      expect(nextCursor, 'the bulk data fills more than one page').not.toBeNull();
      const next = await probe.planOf(() => listAdminPayments(probe.db, { showSandbox, priceType, cursor: nextCursor }));
      expect(next.seqScans).toEqual([]);
      expect(next.indexes).toContain(index);
    });
  }
});
