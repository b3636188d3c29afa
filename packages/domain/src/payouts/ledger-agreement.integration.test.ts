// Property (issue "Money out"): whatever sequence of earnings, refunds, reinstatements, payout
// requests and payout status changes happens, the earning frames and the held payout total agree
// with the talent ledger, the disbursable amount is what the ledger says and never negative, and a
// request takes exactly the disbursable amount (or is refused below 20 USD).
import { newId, payouts, seedDemoData, talentConfigs, talentLedger, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { disbursableAfterMs, minimumPayoutCents, type PayoutStatus, payoutStatuses } from '@doppel/validation';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookEarningReversal, type EarningReversal, recordPaidSpend } from '../earnings/record-earning.ts';
import { DomainError } from '../errors.ts';
import { earningOfGross } from '../money/money.ts';
import { disbursableCents } from './disbursable.ts';
import { requestPayout } from './request-payout.ts';
import { setPayoutStatus } from './set-payout-status.ts';
import { settleTalentLedgers } from './settlement.ts';

const hour = 3_600_000;
const details = {
  transferType: 'PAYPAL' as const,
  accountHolderName: null,
  iban: null,
  bic: null,
  payPalEmail: 'twin@example.com',
  taxId: null,
};

type Operation =
  | { kind: 'earn'; credits: number; hoursAgo: number; source: 'sendMessage' | 'unlockImage' | 'unlockAudio' }
  | { kind: 'refund'; grossCents: number; hoursAgo: number }
  | { kind: 'reinstate' }
  | { kind: 'request' }
  | { kind: 'status'; pick: number; status: PayoutStatus };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('earn' as const),
      credits: fc.integer({ min: 1, max: 600 }),
      hoursAgo: fc.integer({ min: 0, max: 120 }),
      source: fc.constantFrom('sendMessage' as const, 'unlockImage' as const, 'unlockAudio' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      grossCents: fc.integer({ min: 1, max: 3_000 }),
      hoursAgo: fc.integer({ min: 0, max: 120 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reinstate' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('request' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...payoutStatuses),
    }),
  },
);

let database: TestDatabase;
let managerId: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const [manager] = await database.db.insert(users).values({ email: 'manager@test.dev', name: 'Manager' }).returning();
  if (!manager) throw new Error('seed failed');
  managerId = manager.id;
});
afterAll(() => database.drop());

/** A referred twin and its referrer, fresh for each run (the ledger is append-only). */
async function newTwins(): Promise<{ talentId: string; referrerId: string }> {
  const [referrer, talent] = await database.db
    .insert(talents)
    .values([
      { name: 'Referrer', tag: `ref_${newId().slice(0, 10)}` },
      { name: 'Twin', tag: `twin_${newId().slice(0, 10)}` },
    ])
    .returning();
  if (!referrer || !talent) throw new Error('seed failed');
  await database.db.insert(talentConfigs).values([{ id: referrer.id }, { id: talent.id, referralTalentId: referrer.id }]);
  return { talentId: talent.id, referrerId: referrer.id };
}

/** The disbursable amount computed from the ledger alone, by the rule of docs/payouts.md. */
async function disbursableFromLedger(talentId: string, now: Date): Promise<number> {
  const entries = await database.db.select().from(talentLedger).where(eq(talentLedger.talentId, talentId));
  const cutoff = now.getTime() - disbursableAfterMs;
  let settled = 0;
  let held = 0;
  for (const entry of entries) {
    held += entry.heldCents;
    if (entry.kind === 'PAYOUT') continue;
    const day = entry.occurredAt;
    const dayEnd = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
    // A settled day counts whole; a day still settling counts only what reversals took back.
    if (dayEnd <= cutoff) settled += entry.netMicroUsd;
    else if (entry.kind === 'REVERSAL' || entry.kind === 'REINSTATEMENT') settled += entry.netMicroUsd;
  }
  return Math.max(0, Math.floor(settled / 10_000) - held);
}

async function run(operations: Operation[]): Promise<void> {
  const { talentId, referrerId } = await newTwins();
  const now = new Date();
  const payoutIds: string[] = [];
  const reversals: { reversal: EarningReversal; at: Date; reinstated: boolean }[] = [];
  for (const op of operations) {
    if (op.kind === 'earn') {
      await database.db.transaction((tx) =>
        recordPaidSpend(tx, {
          talentId,
          source: op.source,
          paidCredits: op.credits,
          ledgerKey: `test:${newId()}`,
          at: new Date(now.getTime() - op.hoursAgo * hour),
        }),
      );
    } else if (op.kind === 'refund') {
      const earning = earningOfGross(op.grossCents * 10_000, 600_000, 30_000);
      const reversal = {
        talentId,
        grossMicroUsd: earning.grossMicroUsd,
        netMicroUsd: earning.netMicroUsd,
        referralMicroUsd: earning.referralMicroUsd,
        referralTalentId: referrerId,
      };
      const at = new Date(now.getTime() - op.hoursAgo * hour);
      await database.db.transaction((tx) => bookEarningReversal(tx, reversal, at, `test:${newId()}`));
      reversals.push({ reversal, at, reinstated: false });
    } else if (op.kind === 'reinstate') {
      const open = reversals.find((entry) => !entry.reinstated);
      if (!open) continue;
      open.reinstated = true;
      const { reversal } = open;
      const undo = {
        ...reversal,
        grossMicroUsd: -reversal.grossMicroUsd,
        netMicroUsd: -reversal.netMicroUsd,
        referralMicroUsd: -reversal.referralMicroUsd,
      };
      await database.db.transaction((tx) => bookEarningReversal(tx, undo, open.at, `test:${newId()}`));
    } else if (op.kind === 'request') {
      const before = await disbursableCents(database.db, talentId, new Date());
      try {
        const payout = await database.db.transaction((tx) =>
          requestPayout(tx, { talentId, userId: managerId, details: { ...details } }),
        );
        expect(payout.amountCents).toBe(before);
        payoutIds.push(payout.id);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        expect(before).toBeLessThan(minimumPayoutCents);
      }
    } else {
      const payoutId = payoutIds[op.pick % Math.max(1, payoutIds.length)];
      if (!payoutId) continue;
      try {
        await database.db.transaction((tx) =>
          setPayoutStatus(tx, { payoutId, status: op.status, reason: 'test', actorUserId: managerId }),
        );
      } catch (error) {
        // Only a re-hold the balance no longer covers may be refused.
        if (!(error instanceof DomainError) || !error.message.includes('cannot be held again')) throw error;
      }
    }
    const disbursable = await disbursableCents(database.db, talentId, new Date());
    expect(disbursable).toBeGreaterThanOrEqual(0);
  }

  for (const id of [talentId, referrerId]) {
    const report = await settleTalentLedgers(database.db, { repair: false, talentId: id });
    expect(report.frameDrifts).toEqual([]);
    expect(report.heldDrifts).toEqual([]);
    const checkedAt = new Date();
    expect(await disbursableCents(database.db, id, checkedAt)).toBe(await disbursableFromLedger(id, checkedAt));
  }
  // The held and paid totals are the payouts' own amounts by status.
  const rows = payoutIds.length ? await database.db.select().from(payouts).where(inArray(payouts.id, payoutIds)) : [];
  const entries = payoutIds.length
    ? await database.db.select().from(talentLedger).where(inArray(talentLedger.payoutId, payoutIds))
    : [];
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(sum(entries.map((entry) => entry.heldCents))).toBe(
    sum(rows.filter((row) => row.status === 'PENDING' || row.status === 'EXECUTED').map((row) => row.amount)),
  );
  expect(sum(entries.map((entry) => entry.paidCents))).toBe(
    sum(rows.filter((row) => row.status === 'EXECUTED').map((row) => row.amount)),
  );
}

describe('the talent ledger', () => {
  it('agrees with the frames, the held total and the disbursable amount under any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), (operations) => run(operations)),
      { numRuns: 25 },
    );
  }, 120_000);

  it('opens in agreement with the demo data (frames and payouts written before the ledger)', async () => {
    const demo = await createTestDatabase(inject('postgresServerUrl'));
    try {
      await seedDemoData(demo.db);
      const report = await settleTalentLedgers(demo.db, { repair: false });
      expect(report.talentsChecked).toBeGreaterThan(0);
      expect(report.frameDrifts).toEqual([]);
      expect(report.heldDrifts).toEqual([]);
      // The seeded payments' earnings are in the talent ledger, as a real payment's are.
      expect(report.paymentDrifts).toEqual([]);
    } finally {
      await demo.drop();
    }
  });
});
