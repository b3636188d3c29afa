// The payments half of the settlement check, against the real database: money booked through the
// real payment flow (a subscription period with a referrer, its dispute, the dispute won, a refund
// of spent credits) agrees with the talent ledger; a payment whose earnings were never booked (what
// the demo seed once wrote) is reported under its key.
import { newId, paymentLedger, payments, products, talentConfigs, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordPaidSpend } from '../earnings/record-earning.ts';
import { recordPayment } from '../payments/record-payment.ts';
import { reinstatePayment, reversePayment } from '../payments/reverse-payment.ts';
import { paymentDrifts } from './payment-drifts.ts';
import { settleTalentLedgers } from './settlement.ts';

let database: TestDatabase;
let talentId: string;
let referrerId: string;
let fanId: string;
let vipId: string;
let packId: string;

const usd = (amount: number) => ({ amount, fractionDigits: 2, currency: 'USD' });

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const { db } = database;
  const [vip, pack] = await db
    .insert(products)
    .values([
      { name: 'VIP', priceType: 'SUBSCRIPTION', priceAmount: 999 },
      { name: '100 credits', priceType: 'ONE_TIME', credits: 100, priceAmount: 1000 },
    ])
    .returning();
  vipId = vip?.id ?? '';
  packId = pack?.id ?? '';
  const [referrer, talent] = await db
    .insert(talents)
    .values([
      { name: 'Referrer', tag: 'referrer' },
      { name: 'Twin', tag: 'twin', subscriptionProductId: vipId },
    ])
    .returning();
  referrerId = referrer?.id ?? '';
  talentId = talent?.id ?? '';
  await db.insert(talentConfigs).values([{ id: referrerId }, { id: talentId, referralTalentId: referrerId }]);
  const [fan] = await db.insert(users).values({ email: 'fan@test.dev', credits: 0, paidCredits: 0 }).returning();
  fanId = fan?.id ?? '';
});
afterAll(() => database?.drop());

describe('the payment drift check', () => {
  it('finds money booked by the real flow in agreement with the talent ledger', async () => {
    const { db } = database;
    await db.transaction((tx) =>
      recordPayment(tx, {
        type: 'payment.succeeded',
        key: 'stripe:in_drift1',
        userId: fanId,
        talentId,
        productId: vipId,
        price: usd(999),
        ids: { stripeInvoiceId: 'in_drift1', stripePaymentIntentId: 'pi_drift1' },
        subscription: { externalId: 'sub_drift', periodEnd: new Date(Date.now() + 30 * 86_400_000) },
        isSandbox: false,
      }),
    );
    const payment = { key: 'stripe:in_drift1' };
    await db.transaction((tx) =>
      reversePayment(tx, { type: 'payment.reversed', key: 'stripe:dispute:dp_drift', payment, reason: 'DISPUTE', amount: null }),
    );
    await db.transaction((tx) =>
      reinstatePayment(tx, {
        type: 'payment.reinstated',
        key: 'stripe:dispute:dp_drift:won',
        reversalKey: 'stripe:dispute:dp_drift',
        payment,
      }),
    );
    // A pack whose credits were spent, then refunded: the spent part's earnings are taken back.
    await db.transaction((tx) =>
      recordPayment(tx, {
        type: 'payment.succeeded',
        key: 'stripe:pi_drift2',
        userId: fanId,
        talentId,
        productId: packId,
        price: usd(1000),
        ids: { stripePaymentIntentId: 'pi_drift2' },
        isSandbox: false,
      }),
    );
    await db.transaction(async (tx) => {
      await tx.update(users).set({ paidCredits: 40 }).where(eq(users.id, fanId));
      await recordPaidSpend(tx, { talentId, source: 'sendMessage', paidCredits: 60, ledgerKey: `message:${newId()}` });
    });
    await db.transaction((tx) =>
      reversePayment(tx, {
        type: 'payment.reversed',
        key: 'stripe:refund:ch_drift2:1000',
        payment: { key: 'stripe:pi_drift2' },
        reason: 'REFUND',
        amount: 1000,
      }),
    );

    const entries = await db.select().from(paymentLedger);
    expect(entries.filter((entry) => entry.grossMicroUsd !== 0).length).toBeGreaterThanOrEqual(4);
    expect(await paymentDrifts(db)).toEqual([]);
    const report = await settleTalentLedgers(db, { repair: false });
    expect(report).toMatchObject({ frameDrifts: [], heldDrifts: [], paymentDrifts: [] });
  });

  it('reports a payment whose earnings are missing from the talent ledger', async () => {
    const { db } = database;
    const [payment] = await db
      .insert(payments)
      .values({
        movementKey: 'stripe:in_unbooked',
        priceAmount: 999,
        originalPriceAmount: 999,
        productPriceType: 'SUBSCRIPTION',
        productId: vipId,
        stripeInvoiceId: 'in_unbooked',
        userId: fanId,
        talentId,
      })
      .returning();
    await db.insert(paymentLedger).values({
      key: 'stripe:in_unbooked',
      kind: 'PURCHASE',
      paymentId: payment?.id ?? '',
      userId: fanId,
      talentId,
      amount: 999,
      grossMicroUsd: 9_990_000,
      netMicroUsd: 5_994_000,
    });

    const expected = {
      ledgerKey: 'payment:stripe:in_unbooked',
      talentId,
      paymentGross: 9_990_000,
      paymentNet: 5_994_000,
      paymentReferral: 0,
      ledgerGross: 0,
      ledgerNet: 0,
      ledgerReferral: 0,
    };
    expect(await paymentDrifts(db)).toEqual([expected]);
    expect((await settleTalentLedgers(db, { repair: true, talentId })).paymentDrifts).toEqual([expected]);
    expect((await settleTalentLedgers(db, { repair: false, talentId: referrerId })).paymentDrifts).toEqual([]);
  });
});
