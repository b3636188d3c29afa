// The creator's Audience through the real API and Postgres: a small set of fans, messages,
// payments and subscriptions whose every figure is known, checked in the totals, the day buckets,
// the top spenders and the conversion; the other twin's fans never count, and another creator is
// refused.
import { chatMessages, chats, payments, products, subscriptions, users } from '@doppel/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creatorA: Caller;
let creatorB: Caller;
const fanIds: Record<string, string> = {};

const dayMs = 86_400_000;
const hourMs = 3_600_000;
// Noon UTC `days` days ago: always in the past and well inside that day's bucket.
const todayStart = Math.floor(Date.now() / dayMs) * dayMs;
const noon = (days: number, plusMs = 0) => new Date(todayStart - days * dayMs + 12 * hourMs + plusMs);

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  const { db } = api.database;
  const a = people.talentA.id;

  async function fan(key: string, talentId: string, messages: { at: Date; sender?: 'USER' | 'TALENT'; paidCredits?: number }[]) {
    const [user] = await db
      .insert(users)
      .values({ email: key === 'anon' ? null : `${key}@fans.test`, name: key === 'anon' ? '' : key, isAnonymous: key === 'anon' })
      .returning();
    const userId = user?.id as string;
    fanIds[key] = userId;
    const [chat] = await db.insert(chats).values({ talentId, userId, hasUserInteraction: true }).returning();
    await db.insert(chatMessages).values(
      messages.map((message) => ({
        chatId: chat?.id as string,
        senderType: message.sender ?? 'USER',
        text: 'hi',
        spentPaidCredits: message.paidCredits ?? 0,
        createdAt: message.at,
      })),
    );
    return userId;
  }

  // Ana first wrote before the period and came back 5 days ago, paying $9.99.
  await fan('Ana', a, [{ at: noon(40) }, { at: noon(5) }]);
  // Ben first wrote 10 days ago, came back 3 days ago with a message paid by 4 paid credits.
  await fan('Ben', a, [{ at: noon(10) }, { at: noon(3), paidCredits: 4 }]);
  // An anonymous fan wrote once 2 days ago and paid $4.99 an hour later.
  await fan('anon', a, [{ at: noon(2) }]);
  // Cleo wrote 6 days ago and subscribed ($15) half an hour later; still subscribed.
  await fan('Cleo', a, [{ at: noon(6) }]);
  // Dan subscribed 35 days ago, wrote 25 days ago, and his subscription ended 20 days ago.
  await fan('Dan', a, [{ at: noon(25) }]);
  // Only the twin's welcome message: not a fan. And a fan of the other twin, who pays there.
  await fan('Quiet', a, [{ at: noon(4), sender: 'TALENT' }]);
  await fan('Other', people.talentB.id, [{ at: noon(1), paidCredits: 9 }]);

  const [pack] = await db
    .insert(products)
    .values({ name: 'Pack', priceType: 'ONE_TIME', credits: 100, priceAmount: 999 })
    .returning();
  const productId = pack?.id as string;
  const pay = (key: string, talentId: string, cents: number, at: Date) => ({
    movementKey: `test:${key}`,
    priceAmount: cents,
    originalPriceAmount: cents,
    productPriceType: 'ONE_TIME' as const,
    productId,
    userId: fanIds[key] as string,
    talentId,
    createdAt: at,
  });
  await db
    .insert(payments)
    .values([
      pay('Ana', a, 999, noon(5, hourMs)),
      pay('anon', a, 499, noon(2, hourMs)),
      pay('Cleo', a, 1500, noon(6, hourMs / 2)),
      pay('Other', people.talentB.id, 5000, noon(1)),
    ]);
  await db.insert(subscriptions).values([
    {
      provider: 'sandbox',
      externalId: 'sub-cleo',
      userId: fanIds.Cleo as string,
      talentId: a,
      productId,
      currentPeriodEnd: noon(-24),
      createdAt: noon(6, hourMs / 2),
    },
    {
      provider: 'sandbox',
      externalId: 'sub-dan',
      status: 'ENDED',
      userId: fanIds.Dan as string,
      talentId: a,
      productId,
      currentPeriodEnd: noon(20),
      endedAt: noon(20),
      createdAt: noon(35),
    },
  ]);
  [creatorA, creatorB] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe('talent.audience.get', () => {
  it('counts fans, returning, paying and subscribers for the 30 days, and by day', async () => {
    const audience = await creatorA.client.talent.audience.get.query({ talentId: people.talentA.id, period: '30d' });
    expect(audience.bucket).toBe('day');
    expect(audience.totals).toEqual({ fans: 5, returning: 2, paying: 4, subscribers: 1 });
    expect(audience.series).toHaveLength(30);
    const daysAgo = (days: number) => audience.series[29 - days];
    expect(daysAgo(10)).toMatchObject({ fans: 1, returning: 0, paying: 0, subscribers: 0 });
    expect(daysAgo(6)).toMatchObject({ fans: 1, returning: 0, paying: 1, subscribers: 1 });
    expect(daysAgo(5)).toMatchObject({ fans: 1, returning: 1, paying: 1, subscribers: 1 });
    expect(daysAgo(4)).toMatchObject({ fans: 0, returning: 0, paying: 0, subscribers: 1 });
    expect(daysAgo(3)).toMatchObject({ fans: 1, returning: 1, paying: 1, subscribers: 1 });
    expect(daysAgo(2)).toMatchObject({ fans: 1, returning: 0, paying: 1, subscribers: 1 });
    // Dan's subscription ran until 20 days ago at noon.
    expect(daysAgo(25)).toMatchObject({ fans: 1, returning: 0, paying: 0, subscribers: 1 });
    expect(daysAgo(20)).toMatchObject({ subscribers: 0 });
    expect(daysAgo(21)).toMatchObject({ subscribers: 1 });
    expect(daysAgo(2)?.start).toBe(new Date(todayStart - 2 * dayMs).toISOString());
  });

  it('ranks the top spenders by money, then paid credits, named without email', async () => {
    const audience = await creatorA.client.talent.audience.get.query({ talentId: people.talentA.id, period: '30d' });
    expect(audience.topSpenders).toEqual([
      { fan: { id: fanIds.Cleo, name: 'Cleo', isAnonymous: false }, paidCents: 1500, paidCredits: 0 },
      { fan: { id: fanIds.Ana, name: 'Ana', isAnonymous: false }, paidCents: 999, paidCredits: 0 },
      { fan: { id: fanIds.anon, name: '', isAnonymous: true }, paidCents: 499, paidCredits: 0 },
      { fan: { id: fanIds.Ben, name: 'Ben', isAnonymous: false }, paidCents: 0, paidCredits: 4 },
    ]);
    expect(JSON.stringify(audience)).not.toContain('@fans.test');
  });

  it('measures conversion from first message to first purchase of the fans new in the period', async () => {
    const audience = await creatorA.client.talent.audience.get.query({ talentId: people.talentA.id, period: '30d' });
    // Ben, anon, Cleo and Dan wrote first in the period; Ben took 7 days, anon an hour, Cleo 30 minutes.
    expect(audience.conversion).toEqual({ newFans: 4, converted: 3, medianSeconds: 3600 });
  });

  it('reaches back 12 months by month, where Ana is new and converts too', async () => {
    const audience = await creatorA.client.talent.audience.get.query({ talentId: people.talentA.id, period: '12m' });
    expect(audience.bucket).toBe('month');
    expect(audience.series).toHaveLength(12);
    expect(audience.totals).toMatchObject({ fans: 5, paying: 4, subscribers: 1 });
    expect(audience.conversion).toMatchObject({ newFans: 5, converted: 4 });
  });

  it('refuses another creator and an unknown period', async () => {
    const other = await refusal(creatorB.client.talent.audience.get.query({ talentId: people.talentA.id, period: '30d' }));
    expect(other.code).toBe('FORBIDDEN');
    const bad = await refusal(creatorA.client.talent.audience.get.query({ talentId: people.talentA.id, period: '7d' as '30d' }));
    expect(bad.code).toBe('BAD_REQUEST');
  });
});
