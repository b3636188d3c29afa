// Money out over real HTTP (issue "Money out"): a payout request takes exactly the disbursable
// amount once, whatever the concurrency; young earnings wait 24 hours; a rejection or failure gives
// the money back once; a refund after a payout keeps the balance consistent; every change is a
// ledger entry with who made it; the ledger and the frames agree afterwards.
import { newId, payouts, talentConfigs, talentLedger, talentManagers, talents } from '@doppel/db';
import { bookEarningReversal, recordPaidSpend } from '@doppel/domain/earnings';
import { settleTalentLedgers } from '@doppel/domain/payouts';
import { lineBreaksMessage } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

const hour = 3_600_000;
const validIban = 'DE89 3704 0044 0532 0130 00';
const bank = { transferType: 'BANK_TRANSFER' as const, accountHolderName: 'Creator A', iban: validIban, bic: 'COBADEFFXXX' };

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creator: Caller;
let otherCreator: Caller;
let admin: Caller;

/** Books paid messages the way a fan's send does (frames and ledger), `hoursAgo` in the past. */
async function earn(talentId: string, paidCredits: number, hoursAgo: number) {
  await api.database.db.transaction((tx) =>
    recordPaidSpend(tx, {
      talentId,
      source: 'sendMessage',
      paidCredits,
      ledgerKey: `test:${newId()}`,
      at: new Date(Date.now() - hoursAgo * hour),
    }),
  );
}

/** A twin of its own per test (the ledger is append-only), managed by creator A. */
async function newTalent(): Promise<string> {
  const { db } = api.database;
  const [talent] = await db
    .insert(talents)
    .values({ name: 'Twin', tag: `twin_${newId().slice(0, 8)}` })
    .returning();
  if (!talent) throw new Error('no talent');
  await db.insert(talentConfigs).values({ id: talent.id });
  await db.insert(talentManagers).values({ userId: people.creatorA.id, talentId: talent.id });
  return talent.id;
}

const overview = (talentId: string) => creator.client.talent.earnings.overview.query({ talentId });
const request = (talentId: string, details: Record<string, string> = bank) =>
  creator.client.talent.earnings.requestPayout.mutate({ talentId, ...(details as typeof bank) });
const setStatus = (payoutId: string, status: 'PENDING' | 'EXECUTED' | 'REJECTED' | 'FAILED', rejectionReason = '') =>
  admin.client.admin.payouts.update.mutate({ payoutId, status, rejectionReason });

/** The settlement check finds no drift for the talent: frames and held total agree with the ledger. */
async function expectLedgerAgreement(talentId: string) {
  const report = await settleTalentLedgers(api.database.db, { repair: false, talentId });
  expect(report.frameDrifts).toEqual([]);
  expect(report.heldDrifts).toEqual([]);
}

async function heldInConfig(talentId: string): Promise<number> {
  const [row] = await api.database.db
    .select({ held: talentConfigs.totalPayoutAmount })
    .from(talentConfigs)
    .where(eq(talentConfigs.id, talentId));
  return row?.held ?? -1;
}

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  await api.database.db.insert(talentConfigs).values([{ id: people.talentA.id }, { id: people.talentB.id }]);
  [creator, otherCreator, admin] = await Promise.all([
    signIn(api, people.creatorA.email ?? ''),
    signIn(api, people.creatorB.email ?? ''),
    signIn(api, people.admin.email ?? ''),
  ]);
});

afterAll(async () => {
  await api?.close();
});

describe('payout requests', () => {
  it('takes the whole disbursable amount once under 50 concurrent requests', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72); // 100 USD gross, 60 USD net, settled
    expect((await overview(talentId)).disbursableCents).toBe(6_000);

    const results = await Promise.allSettled(Array.from({ length: 50 }, () => request(talentId)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(49);
    for (const result of refused) expect(result.reason.message).toBe('Payouts start at $20.00; you can withdraw $0.00 now.');

    const rows = await api.database.db.select().from(payouts).where(eq(payouts.talentId, talentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'PENDING', amount: 6_000, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(await heldInConfig(talentId)).toBe(6_000);
    expect((await overview(talentId)).disbursableCents).toBe(0);
    await expectLedgerAgreement(talentId);
  });

  it('does not count earnings younger than 24 hours', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 2); // today: not disbursable yet
    expect((await overview(talentId)).disbursableCents).toBe(0);
    expect((await refusal(request(talentId))).message).toBe('Payouts start at $20.00; you can withdraw $0.00 now.');
    await earn(talentId, 500, 49); // two days ago: settled
    expect((await overview(talentId)).disbursableCents).toBe(3_000);
  });

  it('refuses an invalid IBAN with a field message and changes nothing', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72);
    const refused = await refusal(request(talentId, { ...bank, iban: 'DE89 3704 0044 0532 0130 01' }));
    expect(refused.fieldErrors?.iban).toEqual(['This IBAN is not valid. Check it for typos.']);
    const paypal = await refusal(request(talentId, { transferType: 'PAYPAL', payPalEmail: '' }));
    expect(paypal.fieldErrors?.payPalEmail).toEqual(['Enter your PayPal email']);
    expect(await api.database.db.select().from(payouts).where(eq(payouts.talentId, talentId))).toEqual([]);
    expect((await overview(talentId)).disbursableCents).toBe(6_000);
  });

  it('refuses a line break in a one-line detail with a field message and stores nothing', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72);
    const remembered = await creator.client.talent.earnings.withdrawal.query({ talentId });
    const taxId = await refusal(request(talentId, { ...bank, taxId: 'DE123\nIBAN: GB82 WEST 1234 5698 7654 32' }));
    expect(taxId.fieldErrors?.taxId).toEqual([lineBreaksMessage]);
    const holder = await refusal(request(talentId, { ...bank, accountHolderName: 'Creator A\u2028Pay to: Mallory' }));
    expect(holder.fieldErrors?.accountHolderName).toEqual([lineBreaksMessage]);
    expect(await api.database.db.select().from(payouts).where(eq(payouts.talentId, talentId))).toEqual([]);
    expect(await creator.client.talent.earnings.withdrawal.query({ talentId })).toEqual(remembered);
    expect((await overview(talentId)).disbursableCents).toBe(6_000);
  });

  it('remembers the details for the next withdrawal', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72);
    await request(talentId, { transferType: 'PAYPAL', payPalEmail: 'Creator.A@Example.com', taxId: 'DE123456789' });
    const withdrawal = await creator.client.talent.earnings.withdrawal.query({ talentId });
    expect(withdrawal).toMatchObject({
      amountCents: 0,
      minimumPayoutCents: 2_000,
      details: { transferType: 'PAYPAL', payPalEmail: 'creator.a@example.com', taxId: 'DE123456789', iban: null },
    });
  });

  it('is refused for a twin the creator does not manage, and for the admin procedures', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72);
    expect((await refusal(otherCreator.client.talent.earnings.requestPayout.mutate({ talentId, ...bank }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await refusal(otherCreator.client.talent.earnings.overview.query({ talentId }))).code).toBe('FORBIDDEN');
    const { payout } = await request(talentId);
    expect((await refusal(creator.client.admin.payouts.update.mutate({ payoutId: payout.id, status: 'EXECUTED' }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('payout status changes', () => {
  it('gives a rejected or failed payout back once, however often the status is set', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72);
    const { payout } = await request(talentId);
    await setStatus(payout.id, 'REJECTED', 'The IBAN does not match the account holder.');
    expect((await overview(talentId)).disbursableCents).toBe(6_000);
    await setStatus(payout.id, 'REJECTED', 'The IBAN does not match the account holder.');
    // A rejection or failure without a reason is refused, so the creator never reads "Unknown reason".
    const unexplained = await refusal(setStatus(payout.id, 'FAILED', '  '));
    expect(unexplained.fieldErrors?.rejectionReason).toEqual(['Give the reason the creator will read']);
    await setStatus(payout.id, 'FAILED', 'Returned by the bank');
    await setStatus(payout.id, 'REJECTED', 'Still wrong');
    expect((await overview(talentId)).disbursableCents).toBe(6_000);
    expect(await heldInConfig(talentId)).toBe(0);

    const detail = await admin.client.admin.payouts.get.query({ payoutId: payout.id });
    expect(detail.status).toBe('REJECTED');
    expect(detail.rejectionReason).toBe('Still wrong');
    // The request, then three changes (the repeated REJECTED with the same reason changed nothing).
    expect(detail.timeline.map((entry) => [entry.previousStatus, entry.status, entry.heldCents])).toEqual([
      [null, 'PENDING', 6_000],
      ['PENDING', 'REJECTED', -6_000],
      ['REJECTED', 'FAILED', 0],
      ['FAILED', 'REJECTED', 0],
    ]);
    expect(detail.timeline[0]?.actor?.email).toBe('creator-a@test.dev');
    expect(detail.timeline[1]?.actor?.email).toBe('admin@test.dev');
    expect(detail.timeline[1]?.reason).toBe('The IBAN does not match the account holder.');
    const creatorView = (await creator.client.talent.earnings.payouts.query({ talentId })).items[0];
    expect(creatorView).toMatchObject({ status: 'REJECTED', rejectionReason: 'Still wrong' });
    await expectLedgerAgreement(talentId);
  });

  it('posts an executed payout and holds it again only when the balance covers it', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72);
    const first = (await request(talentId)).payout;
    await setStatus(first.id, 'EXECUTED');
    expect((await overview(talentId)).disbursableCents).toBe(0);
    await setStatus(first.id, 'FAILED', 'Returned by the bank');
    expect((await overview(talentId)).disbursableCents).toBe(6_000);
    // The money went to a second payout meanwhile: setting the first back would hold it twice.
    await request(talentId);
    const refused = await refusal(setStatus(first.id, 'EXECUTED'));
    expect(refused.message).toBe('This payout of $60.00 cannot be held again: the talent can withdraw $0.00 now.');
    expect(await heldInConfig(talentId)).toBe(6_000);
    const ledger = await api.database.db.select().from(talentLedger).where(eq(talentLedger.payoutId, first.id));
    expect(ledger.map((entry) => [entry.payoutStatus, entry.heldCents, entry.paidCents])).toEqual(
      expect.arrayContaining([
        ['PENDING', 6_000, 0],
        ['EXECUTED', 0, 6_000],
        ['FAILED', -6_000, -6_000],
      ]),
    );
    await expectLedgerAgreement(talentId);
  });

  it('keeps the balance consistent when a refund comes after a payout', async () => {
    const talentId = await newTalent();
    await earn(talentId, 1_000, 72);
    const { payout } = await request(talentId);
    await setStatus(payout.id, 'EXECUTED');
    // A refund takes back 40 USD gross (24 USD net) today, after the money was paid out.
    await api.database.db.transaction((tx) =>
      bookEarningReversal(
        tx,
        { talentId, grossMicroUsd: 40_000_000, netMicroUsd: 24_000_000, referralMicroUsd: 0, referralTalentId: null },
        new Date(),
        `test:${newId()}`,
      ),
    );
    // The twin owes 24 USD: never shown below zero, and new earnings pay it back first.
    expect((await overview(talentId)).disbursableCents).toBe(0);
    await earn(talentId, 1_000, 49);
    expect((await overview(talentId)).disbursableCents).toBe(6_000 - 2_400);
    await expectLedgerAgreement(talentId);
  });
});

describe('earnings reads', () => {
  it('shows months with their breakdown, the days of a month and the statements CSV', async () => {
    const talentId = await newTalent();
    const at = new Date(Date.UTC(2026, 0, 15, 12));
    await api.database.db.transaction(async (tx) => {
      await recordPaidSpend(tx, { talentId, source: 'sendMessage', paidCredits: 100, ledgerKey: `test:${newId()}`, at });
      await recordPaidSpend(tx, { talentId, source: 'unlockImage', paidCredits: 50, ledgerKey: `test:${newId()}`, at });
    });
    const result = await overview(talentId);
    expect(result.months).toHaveLength(1);
    expect(result.months[0]).toMatchObject({ id: '2026-01', grossMicroUsd: 15_000_000, netMicroUsd: 9_000_000 });
    expect(result.months[0]?.breakdown.sendMessage).toEqual({ grossMicroUsd: 10_000_000, netMicroUsd: 6_000_000 });
    expect(result.months[0]?.breakdown.unlockImage).toEqual({ grossMicroUsd: 5_000_000, netMicroUsd: 3_000_000 });
    const month = await creator.client.talent.earnings.month.query({ talentId, month: '2026-01' });
    expect(month.days).toEqual([
      { id: '2026-01-15', startedAt: '2026-01-15T00:00:00.000Z', grossMicroUsd: 15_000_000, netMicroUsd: 9_000_000 },
    ]);
    expect((await refusal(creator.client.talent.earnings.month.query({ talentId, month: '2026-13' }))).code).toBe('BAD_REQUEST');
    const statement = await creator.client.talent.earnings.statement.query({ talentId });
    const [header, row] = statement.csv.trim().split('\r\n');
    expect(header?.split(',')[0]).toBe('month');
    expect(row).toBe('2026-01,15.000000,9.000000,6.000000,0.000000,3.000000,0.000000,0.000000,0.000000,0.00,0.00,0.00');
  });
});
