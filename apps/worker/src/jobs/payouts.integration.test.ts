// The payout jobs against a real database: payouts.settle finds the demo data in agreement with
// the ledger and resets a held total that drifted; payouts.paypal-poll asks the fake PayPal server
// (real HTTP, our PayPal client) about every sent payout still pending and settles it.
import { payouts, seedDemoData, talentConfigs } from '@doppel/db';
import { createTestDatabase, demoTwinId, type TestDatabase } from '@doppel/db/testing';
import { createPayPalPayouts } from '@doppel/integrations';
import { type FakePayPal, startFakePayPal } from '@doppel/integrations/testing';
import { silentLogger } from '@doppel/logging';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOfflineWorkerServices } from './chat-reply-services.ts';
import { runPayPalPoll } from './payouts-paypal-poll.ts';
import { runPayoutsSettle } from './payouts-settle.ts';
import type { JobContext, WorkerServices } from './types.ts';

let database: TestDatabase;
let payPal: FakePayPal;
let miaId: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  miaId = await demoTwinId(database.db);
  payPal = await startFakePayPal();
});
afterAll(async () => {
  await payPal?.close();
  await database?.drop();
});

function context(name: JobContext['job']['name'], services: WorkerServices = createOfflineWorkerServices()): JobContext {
  return { db: database.db, log: silentLogger, job: { id: 'job-1', name, retryCount: 0 }, services };
}

describe('payouts.settle', () => {
  it('finds the demo data in agreement, and resets a held total that drifted from the ledger', async () => {
    expect(await runPayoutsSettle({ trigger: 'manual' }, context('payouts.settle'))).toMatchObject({
      frameDrifts: 0,
      heldDrifts: 0,
      paymentDrifts: 0,
      repaired: 0,
    });
    const [before] = await database.db
      .select({ held: talentConfigs.totalPayoutAmount })
      .from(talentConfigs)
      .where(eq(talentConfigs.id, miaId));
    await database.db.update(talentConfigs).set({ totalPayoutAmount: 1 }).where(eq(talentConfigs.id, miaId));

    expect(await runPayoutsSettle({ trigger: 'schedule' }, context('payouts.settle'))).toMatchObject({
      heldDrifts: 1,
      repaired: 1,
    });
    const [after] = await database.db
      .select({ held: talentConfigs.totalPayoutAmount })
      .from(talentConfigs)
      .where(eq(talentConfigs.id, miaId));
    expect(after?.held).toBe(before?.held);
  });
});

describe('payouts.paypal-poll', () => {
  it('does nothing without PayPal configured', async () => {
    expect(await runPayPalPoll({ trigger: 'schedule' }, context('payouts.paypal-poll'))).toMatchObject({
      polled: 0,
      configured: false,
    });
  });

  it('settles every sent PayPal payout still pending', async () => {
    const client = createPayPalPayouts({ clientId: payPal.clientId, clientSecret: payPal.clientSecret, baseUrl: payPal.url });
    // The demo's pending PayPal payout, sent to PayPal as an admin would.
    const [pending] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, 'PENDING'), eq(payouts.transferType, 'PAYPAL')));
    if (!pending?.payPalEmail) throw new Error('the demo data has no pending PayPal payout');
    const batch = await client.createBatch({
      senderBatchId: pending.id,
      receiverEmail: pending.payPalEmail,
      amountCents: pending.amount,
      currency: pending.currency,
      note: 'test',
    });
    await database.db
      .update(payouts)
      .set({ payPalBatchId: batch.batchId, payPalBatchStatus: batch.providerStatus })
      .where(eq(payouts.id, pending.id));

    const services = { ...createOfflineWorkerServices(), payPal: client };
    const output = await runPayPalPoll({ trigger: 'schedule' }, context('payouts.paypal-poll', services));
    expect(output).toMatchObject({ polled: 1, executed: 1, failed: 0, configured: true });
    const [settled] = await database.db.select().from(payouts).where(eq(payouts.id, pending.id));
    expect(settled).toMatchObject({ status: 'EXECUTED', payPalBatchStatus: 'SUCCESS' });
    // Settled payouts are no longer polled.
    expect(await runPayPalPoll({ trigger: 'schedule' }, context('payouts.paypal-poll', services))).toMatchObject({ polled: 0 });
  });
});
