import { earningFrames, metricFrames, openTalentLedger, payouts, staticAttachments, talents, voices } from '@doppel/db';
import { TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let otherManager: Caller;
let talentId: string;

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  talentId = people.talentA.id;
  await api.database.db.update(talents).set({ gender: 'FEMALE' }).where(eq(talents.id, talentId));
  await api.database.db.insert(voices).values({ id: 'voice_rachel', name: 'Rachel', gender: 'FEMALE' });
  manager = await signIn(api, people.creatorA.email as string);
  otherManager = await signIn(api, people.creatorB.email as string);
});
afterAll(() => api.close());

async function refusalCode(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) return (error.data as { code?: string })?.code;
    throw error;
  }
  throw new Error('the call succeeded but was expected to fail');
}

const home = () => manager.client.talent.dashboard.home.query({ talentId });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('talent.dashboard.home', () => {
  it('starts a new twin at zero with the share link and the first task', async () => {
    expect(await home()).toEqual({
      progress: { done: 0, total: 3, nextTask: 'UPLOAD_IMAGES' },
      shareUrl: `${api.url}/chat/talent_a`,
      earnings: { totalNetCents: 0, thisMonthNetCents: 0, todayNetCents: 0, disbursableCents: 0 },
      engagement: { users: 0, payingUsers: 0 },
    });
  });

  it('climbs the task ladder: images, then voice, then conversation starters, then complete', async () => {
    const [image] = await api.database.db
      .insert(staticAttachments)
      .values({ talentId, originalFileName: 'a.png', filePath: `talents/${talentId}/gallery/a.png`, context: 'beach' })
      .returning();
    expect((await home()).progress).toEqual({ done: 1, total: 3, nextTask: 'SET_VOICE' });
    await manager.client.talent.voice.set.mutate({ talentId, voiceId: 'voice_rachel' });
    expect((await home()).progress).toEqual({ done: 2, total: 3, nextTask: 'DEFINE_CONVERSATION_STARTERS' });
    await manager.client.talent.update.mutate({ talentId, chatMessageSuggestions: [{ text: 'How was your day?' }] });
    expect((await home()).progress).toEqual({ done: 3, total: 3, nextTask: 'COMPLETE' });
    // Removing the gallery's only image puts the first task back in front.
    await manager.client.talent.gallery.delete.mutate({ talentId, staticAttachmentId: image?.id as string });
    expect((await home()).progress).toEqual({ done: 2, total: 3, nextTask: 'UPLOAD_IMAGES' });
  });

  it('reads engagement from the twin’s total metric frame', async () => {
    await api.database.db.insert(metricFrames).values({ talentId, chatWithAuthenticationCount: 12, chatWithPaymentCount: 4 });
    expect((await home()).engagement).toEqual({ users: 12, payingUsers: 4 });
  });

  it('sums earnings from the frames in floored cents; disbursable counts day frames ended 24 hours ago minus pending and executed payouts', async () => {
    const now = new Date();
    const monthKey = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const frame = (range: 'DAY' | 'MONTH' | 'TOTAL', key: string, netTotal: number, endedAt: Date | null) => ({
      talentId,
      range,
      key,
      startedAt: new Date(Date.UTC(2020, 0, 1)),
      endedAt,
      netTotal,
      grossTotal: netTotal * 2,
    });
    await api.database.db
      .insert(earningFrames)
      .values([
        frame('TOTAL', 'total', 12_345_678, null),
        { ...frame('MONTH', monthKey, 5_009_999, null), startedAt: monthStart },
        frame('MONTH', '2020-01', 7_335_679, new Date(Date.UTC(2020, 1, 1))),
        frame('DAY', '2020-01-01', 7_000_005, new Date(Date.UTC(2020, 0, 2))),
        frame('DAY', 'settled-just', 2_000_000, hoursAgo(24.01)),
        frame('DAY', 'too-recent', 1_000_000, hoursAgo(23.9)),
        frame('DAY', `${monthKey}-${String(now.getUTCDate()).padStart(2, '0')}`, 335_673, hoursAgo(-5)),
      ]);
    // Another twin's money does not count.
    await api.database.db
      .insert(earningFrames)
      .values({ ...frame('DAY', '2020-01-01', 99_000_000, new Date(Date.UTC(2020, 0, 2))), talentId: people.talentB.id });
    const payout = (status: 'PENDING' | 'EXECUTED' | 'REJECTED' | 'FAILED', amount: number) => ({
      talentId,
      status,
      amount,
      transferType: 'PAYPAL' as const,
      payPalEmail: 'a@test.dev',
    });
    await api.database.db
      .insert(payouts)
      .values([payout('PENDING', 100), payout('EXECUTED', 200), payout('REJECTED', 500), payout('FAILED', 50)]);
    // Payouts written directly (not requested) enter the talent ledger as opening entries.
    await openTalentLedger(api.database.db);

    // Settled: 7_000_005 + 2_000_000 micro-USD = 900 cents (floored), minus 300 cents of payouts.
    // Today (the UTC day frame still open): 335_673 micro-USD is 33 cents.
    expect((await home()).earnings).toEqual({
      totalNetCents: 1234,
      thisMonthNetCents: 500,
      todayNetCents: 33,
      disbursableCents: 600,
    });
  });

  it('never shows a negative disbursable amount', async () => {
    await api.database.db
      .insert(payouts)
      .values({ talentId, status: 'EXECUTED', amount: 10_000, transferType: 'PAYPAL', payPalEmail: 'a@test.dev' });
    await openTalentLedger(api.database.db);
    expect((await home()).earnings.disbursableCents).toBe(0);
  });

  it('refuses a manager of another twin', async () => {
    expect(await refusalCode(otherManager.client.talent.dashboard.home.query({ talentId }))).toBe('FORBIDDEN');
  });
});
