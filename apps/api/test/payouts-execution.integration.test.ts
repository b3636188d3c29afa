// Executing payouts (issue "Money out"): an admin sends a PayPal payout through the PayPal Payouts
// API (our fake PayPal server, real HTTP) and the poll settles it — EXECUTED on success, FAILED with
// PayPal's reason (and the money back) on a failed item; a second send never pays twice; pending
// bank payouts come out as a pain.001 file.
import { newId, talentConfigs, talentManagers, talents } from '@doppel/db';
import { recordPaidSpend } from '@doppel/domain/earnings';
import { pollPayPalPayout } from '@doppel/domain/payouts';
import { createPayPalPayouts } from '@doppel/integrations';
import { type FakePayPal, startFakePayPal } from '@doppel/integrations/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let payPal: FakePayPal;
let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creator: Caller;
let admin: Caller;

async function twinWithPayout(details: Record<string, string>): Promise<{ talentId: string; payoutId: string }> {
  const { db } = api.database;
  const [talent] = await db
    .insert(talents)
    .values({ name: 'Twin', tag: `twin_${newId().slice(0, 8)}` })
    .returning();
  if (!talent) throw new Error('no talent');
  await db.insert(talentConfigs).values({ id: talent.id });
  await db.insert(talentManagers).values({ userId: people.creatorA.id, talentId: talent.id });
  await db.transaction((tx) =>
    recordPaidSpend(tx, {
      talentId: talent.id,
      source: 'sendMessage',
      paidCredits: 1_000,
      ledgerKey: `test:${newId()}`,
      at: new Date(Date.now() - 72 * 3_600_000),
    }),
  );
  const { payout } = await creator.client.talent.earnings.requestPayout.mutate({
    talentId: talent.id,
    ...(details as { transferType: 'PAYPAL' }),
  });
  return { talentId: talent.id, payoutId: payout.id };
}

const disbursable = async (talentId: string) =>
  (await creator.client.talent.earnings.overview.query({ talentId })).disbursableCents;

beforeAll(async () => {
  payPal = await startFakePayPal({ autoSettle: false });
  api = await startApi({
    env: {
      PAYPAL_CLIENT_ID: payPal.clientId,
      PAYPAL_CLIENT_SECRET: payPal.clientSecret,
      PAYPAL_API_URL: payPal.url,
      PAYOUT_BANK_DEBTOR_NAME: 'Doppel Inc.',
      PAYOUT_BANK_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51',
      PAYOUT_BANK_DEBTOR_BIC: 'BYLADEM1001',
    },
  });
  people = await seedPeople(api);
  [creator, admin] = await Promise.all([signIn(api, people.creatorA.email ?? ''), signIn(api, people.admin.email ?? '')]);
});

afterAll(async () => {
  await api?.close();
  await payPal?.close();
});

describe('PayPal payouts', () => {
  it('sends once, is polled to EXECUTED, and a second send pays nothing more', async () => {
    const { talentId, payoutId } = await twinWithPayout({ transferType: 'PAYPAL', payPalEmail: 'mia@example.com' });
    const sent = await admin.client.admin.payouts.sendPayPal.mutate({ payoutId });
    expect(sent.payPal).toMatchObject({ configured: true, batchStatus: 'PENDING' });
    expect(sent.payPal.batchId).toBeTruthy();
    // A double click: PayPal refuses the repeated sender_batch_id and we get the same batch back.
    const again = await admin.client.admin.payouts.sendPayPal.mutate({ payoutId });
    expect(again.payPal.batchId).toBe(sent.payPal.batchId);
    expect(payPal.paidCount(payoutId)).toBe(1);
    // The first poll is queued for the worker.
    const jobs = await api.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job where name = 'payouts.paypal-poll' and data->>'payoutId' = ${payoutId}`,
    );
    expect(jobs[0]?.count).toBeGreaterThanOrEqual(1);

    // The poll job's work, with the worker's adapter: still pending, then settled by PayPal.
    const client = createPayPalPayouts({ clientId: payPal.clientId, clientSecret: payPal.clientSecret, baseUrl: payPal.url });
    expect((await pollPayPalPayout(api.database.db, client, payoutId)).outcome).toBe('WAITING');
    payPal.settle(sent.payPal.batchId ?? '', 'SUCCESS');
    expect((await pollPayPalPayout(api.database.db, client, payoutId)).outcome).toBe('EXECUTED');
    const detail = await admin.client.admin.payouts.get.query({ payoutId });
    expect(detail.status).toBe('EXECUTED');
    expect(detail.timeline.at(-1)).toMatchObject({ status: 'EXECUTED', actor: null, paidCents: 6_000 });
    expect(await disbursable(talentId)).toBe(0);
    // Executed: it cannot be sent again.
    expect((await refusal(admin.client.admin.payouts.sendPayPal.mutate({ payoutId }))).message).toBe(
      'This payout is executed; only pending payouts can be sent.',
    );
  });

  it('marks a payout PayPal could not deliver FAILED with its reason, and gives the money back', async () => {
    const { talentId, payoutId } = await twinWithPayout({ transferType: 'PAYPAL', payPalEmail: 'fail@example.com' });
    const sent = await admin.client.admin.payouts.sendPayPal.mutate({ payoutId });
    payPal.settle(sent.payPal.batchId ?? '');
    const client = createPayPalPayouts({ clientId: payPal.clientId, clientSecret: payPal.clientSecret, baseUrl: payPal.url });
    expect((await pollPayPalPayout(api.database.db, client, payoutId)).outcome).toBe('FAILED');
    const detail = await admin.client.admin.payouts.get.query({ payoutId });
    expect(detail).toMatchObject({ status: 'FAILED', rejectionReason: 'Receiver is unregistered' });
    expect(await disbursable(talentId)).toBe(6_000);
  });

  it('refuses to send a bank payout through PayPal', async () => {
    const { payoutId } = await twinWithPayout({
      transferType: 'BANK_TRANSFER',
      accountHolderName: 'Twin Owner',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    expect((await refusal(admin.client.admin.payouts.sendPayPal.mutate({ payoutId }))).message).toBe(
      'Only PayPal payouts can be sent through PayPal.',
    );
  });
});

describe('the bank file', () => {
  it('holds every pending bank payout as a pain.001 credit transfer', async () => {
    const { payoutId } = await twinWithPayout({
      transferType: 'BANK_TRANSFER',
      accountHolderName: 'Zoë & Co',
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
      bic: 'PSSTFRPPPAR',
    });
    const status = await admin.client.admin.payouts.bankFileStatus.query();
    expect(status.unavailableReason).toBeNull();
    expect(status.pendingBankPayouts).toBeGreaterThanOrEqual(1);
    const file = await admin.client.admin.payouts.bankFile.mutate();
    expect(file.payoutCount).toBe(status.pendingBankPayouts);
    expect(file.xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(file.xml).toContain(`<EndToEndId>${payoutId}</EndToEndId>`);
    expect(file.xml).toContain('<IBAN>FR1420041010050500013M02606</IBAN>');
    expect(file.xml).toContain('<Nm>Zoe + Co</Nm>');
    expect(file.xml).toContain('<IBAN>DE02120300000000202051</IBAN>');
    expect(file.xml).toContain('<InstdAmt Ccy="USD">60.00</InstdAmt>');
    // Making the file moves no money: the payout stays pending until an admin marks it executed.
    expect((await admin.client.admin.payouts.get.query({ payoutId })).status).toBe('PENDING');
    expect((await refusal(creator.client.admin.payouts.bankFile.mutate())).code).toBe('FORBIDDEN');
  });
});
