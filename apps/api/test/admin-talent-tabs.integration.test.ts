// The admin talent detail's read-only tabs over real HTTP: Model, Payouts, Broadcast, Analytics.
// Everything is seeded directly with drizzle, so each answer is checked against known rows: exact
// money, zero days, order, keyset paging without repeats, and who may call.
import {
  broadcasts,
  chatMessages,
  chats,
  earningFrames,
  metricFrames,
  models,
  modelVersions,
  payouts,
  talentConfigs,
  talents,
  users,
} from '@doppel/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

const dayMs = 24 * 60 * 60 * 1000;
let api: Api;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;
let today: number;

/** Midnight (UTC) of the day `daysAgo` before today. */
const midnight = (daysAgo: number) => new Date(today - daysAgo * dayMs);
/** A moment inside that day: noon plus `minutes`. */
const at = (daysAgo: number, minutes = 0) => new Date(today - daysAgo * dayMs + 12 * 60 * 60 * 1000 + minutes * 60_000);
const dayKey = (daysAgo: number) => midnight(daysAgo).toISOString().slice(0, 10);

beforeAll(async () => {
  // The periods end today (UTC): the API's clock stays at noon of the day the seed was made for,
  // so a run that crosses midnight still queries the same days.
  today = Date.now() - (Date.now() % dayMs);
  const noonToday = new Date(today + dayMs / 2);
  api = await startApi({ now: () => noonToday });
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  await seedModels();
  await seedPayoutsAndBroadcasts();
  await seedActivity();
});
afterAll(() => api?.close());

/** A twin with nothing: no config, models, payouts, broadcasts, chats or frames. */
const quietTalentId = 'quiet-talent';
let alphaId: string;
let alphaDefaultVersionId: string;

async function seedModels() {
  const { db } = api.database;
  const { talentA, talentB } = people;
  await db.insert(talentConfigs).values({
    id: talentA.id,
    llmType: 'OPENAI',
    llmModelId: 'gpt-4o-mini',
    llmFineTunedModelId: 'ft:gpt-4o-mini:doppel:alpha-1',
  });
  const example = {
    messages: [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Hey!' },
    ],
  };
  const [alpha, beta] = await db
    .insert(models)
    .values([
      { name: 'Alpha', base: 'gpt-4o-mini', talentId: talentA.id, trainingExamples: [example, example, example] },
      { name: 'Beta', base: 'gpt-3.5-turbo-1106', talentId: talentA.id },
      { name: 'Gamma', talentId: talentB.id },
      { name: 'Unassigned' },
    ])
    .returning();
  if (!alpha || !beta) throw new Error('model seed failed');
  alphaId = alpha.id;
  const [first] = await db
    .insert(modelVersions)
    .values([
      {
        modelId: alpha.id,
        base: 'gpt-4o-mini',
        status: 'SUCCEEDED',
        fineTunedModelId: 'ft:gpt-4o-mini:doppel:alpha-1',
        createdAt: new Date('2024-05-01T10:00:00.000Z'),
      },
      { modelId: alpha.id, base: 'gpt-4o-mini', status: 'FINE_TUNING', createdAt: new Date('2024-06-01T10:00:00.000Z') },
    ])
    .returning();
  if (!first) throw new Error('version seed failed');
  alphaDefaultVersionId = first.id;
  await db
    .update(models)
    .set({ defaultVersionId: first.id, defaultFineTunedModelId: first.fineTunedModelId })
    .where(sql`${models.id} = ${alpha.id}`);
}

const payoutStatusCycle = ['PENDING', 'EXECUTED', 'REJECTED', 'FAILED'] as const;

async function seedPayoutsAndBroadcasts() {
  const { db } = api.database;
  const { talentA, talentB } = people;
  // 120 payouts, created in ties of three within the same microsecond, so the id must break ties.
  await db.insert(payouts).values(
    Array.from({ length: 120 }, (_, i) => ({
      talentId: talentA.id,
      status: payoutStatusCycle[i % 4],
      amount: 2_000 + i * 101,
      transferType: i % 2 === 0 ? ('BANK_TRANSFER' as const) : ('PAYPAL' as const),
      requestedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      rejectionReason: i % 4 === 2 && i % 8 !== 2 ? `Reason ${i}` : null,
      createdAt: sql`'2024-01-01T00:00:00Z'::timestamptz + ${Math.floor(i / 3)} * interval '1 second'`,
    })),
  );
  await db.insert(payouts).values({ talentId: talentB.id, amount: 9_999, transferType: 'PAYPAL' });
  await db.insert(talents).values({ id: quietTalentId, name: 'Quiet' });

  await db.insert(broadcasts).values([
    ...Array.from({ length: 55 }, (_, i) => ({
      talentId: talentA.id,
      status: (['SCHEDULED', 'PREPARING', 'SENDING_MESSAGES', 'COMPLETED', 'DELETED'] as const)[i % 5],
      message: `Broadcast ${i}: ${'news '.repeat(i % 3 === 0 ? 60 : 1)}`,
      scheduledAt: sql`'2024-03-01T00:00:00Z'::timestamptz + ${Math.floor(i / 2)} * interval '1 hour'`,
      scheduledMessageCount: 10 + i,
      sentMessageCount: i,
    })),
    { talentId: talentB.id, message: 'For B', scheduledAt: new Date('2024-03-05T00:00:00Z') },
    { talentId: null, message: 'For everyone', scheduledAt: new Date('2024-03-05T00:00:00Z') },
  ]);
}

async function seedActivity() {
  const { db } = api.database;
  const { talentA, talentB } = people;
  const [fan1, fan2, fan3, fan4] = await db
    .insert(users)
    .values([{ name: 'Payer' }, { name: 'Chatter' }, { name: 'Old timer' }, { name: 'Lurker' }])
    .returning();
  if (!fan1 || !fan2 || !fan3 || !fan4) throw new Error('fan seed failed');
  const [c1, c2, c3, c4, c5] = await db
    .insert(chats)
    .values([
      // A chat's updated_at is at least its newest message's time, as the send path keeps it.
      { talentId: talentA.id, userId: fan1.id, hasUserInteractionWithPaidCredits: true, createdAt: at(10), updatedAt: at(0, 30) },
      { talentId: talentA.id, userId: fan2.id, createdAt: at(5, -5), updatedAt: at(0, 30) },
      { talentId: talentA.id, userId: fan3.id, createdAt: at(40, -5), updatedAt: at(40, 30) },
      { talentId: talentB.id, userId: fan4.id, createdAt: at(0), updatedAt: at(0, 30) },
      { talentId: talentA.id, userId: fan4.id, createdAt: at(0, 1), updatedAt: at(0, 1) },
    ])
    .returning();
  if (!c1 || !c2 || !c3 || !c4 || !c5) throw new Error('chat seed failed');
  const message = (chatId: string, senderType: 'USER' | 'TALENT', createdAt: Date) => ({
    chatId,
    senderType,
    text: 'x',
    createdAt,
  });
  await db.insert(chatMessages).values([
    // Today: the paying fan writes twice and is answered twice; the other fan once and is answered.
    message(c1.id, 'USER', at(0, 1)),
    message(c1.id, 'TALENT', at(0, 2)),
    message(c1.id, 'USER', at(0, 3)),
    message(c1.id, 'TALENT', at(0, 4)),
    message(c2.id, 'USER', at(0, 5)),
    message(c2.id, 'TALENT', at(0, 6)),
    // Two days ago, the paying fan; five days ago, three unanswered messages of the other fan.
    message(c1.id, 'USER', at(2)),
    message(c1.id, 'TALENT', at(2, 1)),
    message(c2.id, 'USER', at(5)),
    message(c2.id, 'USER', at(5, 1)),
    message(c2.id, 'USER', at(5, 2)),
    // Forty days ago: only in the 90-day period.
    message(c3.id, 'USER', at(40)),
    message(c3.id, 'TALENT', at(40, 1)),
    // Another talent's chat: never counted.
    ...Array.from({ length: 5 }, () => message(c4.id, 'USER', at(0, 7))),
  ]);

  const dayFrame = (talentId: string, daysAgo: number, gross: number, net: number) => ({
    talentId,
    range: 'DAY' as const,
    key: dayKey(daysAgo),
    parentKey: dayKey(daysAgo).slice(0, 7),
    startedAt: midnight(daysAgo),
    endedAt: midnight(daysAgo - 1),
    grossTotal: gross,
    netTotal: net,
    grossSendMessage: gross,
    netSendMessage: net,
  });
  await db.insert(earningFrames).values([
    dayFrame(talentA.id, 0, 1_234_567, 740_740),
    dayFrame(talentA.id, 2, 100_003, 60_001),
    // Beyond 2^32 micro-USD, to see the sums stay exact.
    dayFrame(talentA.id, 40, 5_000_000_000_003, 3_000_000_000_001),
    dayFrame(talentB.id, 0, 777, 466),
    {
      talentId: talentA.id,
      range: 'TOTAL',
      key: 'total',
      startedAt: new Date('2020-01-01T00:00:00Z'),
      grossTotal: 5_000_001_334_573,
      netTotal: 3_000_000_800_742,
    },
  ]);
  await db.insert(metricFrames).values({ talentId: talentA.id, chatWithAuthenticationCount: 3, chatWithPaymentCount: 1 });
}

describe('admin.talents.model', () => {
  it('shows the config’s engine and models with their default version, by name', async () => {
    const tab = await admin.client.admin.talents.model.query({ talentId: people.talentA.id });
    expect(tab.config).toEqual({
      llmType: 'OPENAI',
      llmModelId: 'gpt-4o-mini',
      llmFineTunedModelId: 'ft:gpt-4o-mini:doppel:alpha-1',
    });
    expect(tab.models).toEqual([
      {
        id: alphaId,
        name: 'Alpha',
        base: 'gpt-4o-mini',
        defaultVersion: {
          id: alphaDefaultVersionId,
          status: 'SUCCEEDED',
          fineTunedModelId: 'ft:gpt-4o-mini:doppel:alpha-1',
          createdAt: '2024-05-01T10:00:00.000Z',
        },
        versionCount: 2,
        isFineTuning: true,
        trainingExampleCount: 3,
      },
      {
        id: expect.any(String),
        name: 'Beta',
        base: 'gpt-3.5-turbo-1106',
        defaultVersion: null,
        versionCount: 0,
        isFineTuning: false,
        trainingExampleCount: 0,
      },
    ]);
  });

  it('reads a twin without a config row with the default engine', async () => {
    const tab = await admin.client.admin.talents.model.query({ talentId: people.talentB.id });
    expect(tab.config).toEqual({ llmType: 'OPENAI', llmModelId: 'gpt-3.5-turbo', llmFineTunedModelId: null });
    expect(tab.models.map((model) => model.name)).toEqual(['Gamma']);
  });
});

describe('admin.talents.payouts', () => {
  it('lists every payout of the talent once, newest first, 50 a page', async () => {
    const expected = await api.database.sql<{ id: string }[]>`
      select id from payouts where talent_id = ${people.talentA.id} order by created_at desc, id desc`;
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await admin.client.admin.talents.payouts.query({ talentId: people.talentA.id, cursor });
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    expect(pages.map((page) => page.items.length)).toEqual([50, 50, 20]);
    const items = pages.flatMap((page) => page.items);
    expect(items.map((payout) => payout.id)).toEqual(expected.map((row) => row.id));
    expect(new Set(items.map((payout) => payout.id)).size).toBe(120);
  });

  it('returns amounts in exact cents, the transfer type and the stored reason (null when none)', async () => {
    const { items } = await admin.client.admin.talents.payouts.query({ talentId: people.talentA.id });
    const newest = items[0];
    // The newest tie (second 39) holds payouts 117, 118 and 119; which comes first depends on the ids.
    expect([2_000 + 117 * 101, 2_000 + 118 * 101, 2_000 + 119 * 101]).toContain(newest?.amount);
    const byAmount = new Map(items.map((payout) => [payout.amount, payout]));
    expect(byAmount.get(2_000 + 118 * 101)).toMatchObject({
      status: 'REJECTED',
      currency: 'USD',
      transferType: 'BANK_TRANSFER',
      rejectionReason: 'Reason 118',
      requestedAt: new Date(Date.UTC(2024, 0, 1) + 118 * 60_000).toISOString(),
    });
    expect(byAmount.get(2_000 + 114 * 101)).toMatchObject({ status: 'REJECTED', rejectionReason: null });
    expect(byAmount.get(2_000 + 119 * 101)).toMatchObject({ status: 'FAILED', transferType: 'PAYPAL', rejectionReason: null });
    expect(byAmount.get(2_000 + 117 * 101)).toMatchObject({ status: 'EXECUTED' });
  });

  it('shows an empty list for a talent without payouts', async () => {
    const page = await admin.client.admin.talents.payouts.query({ talentId: quietTalentId });
    expect(page).toEqual({ items: [], nextCursor: null });
    expect(await admin.client.admin.talents.broadcasts.query({ talentId: quietTalentId })).toEqual({
      items: [],
      nextCursor: null,
    });
    expect(await admin.client.admin.talents.model.query({ talentId: quietTalentId })).toMatchObject({ models: [] });
  });
});

describe('admin.talents.broadcasts', () => {
  it('lists the talent’s broadcasts once, latest scheduled first, 50 a page', async () => {
    const expected = await api.database.sql<{ id: string }[]>`
      select id from broadcasts where talent_id = ${people.talentA.id} order by scheduled_at desc, id desc`;
    const first = await admin.client.admin.talents.broadcasts.query({ talentId: people.talentA.id });
    expect(first.items).toHaveLength(50);
    const second = await admin.client.admin.talents.broadcasts.query({ talentId: people.talentA.id, cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((broadcast) => broadcast.id);
    expect(ids).toEqual(expected.map((row) => row.id));
    expect(ids).toHaveLength(55);
    expect(first.items[0]).toMatchObject({
      status: expect.stringMatching(/^(SCHEDULED|PREPARING|SENDING_MESSAGES|COMPLETED|DELETED)$/),
      scheduledAt: '2024-03-02T03:00:00.000Z',
    });
    const fiftyFour = [...first.items, ...second.items].find((broadcast) => broadcast.message.startsWith('Broadcast 54:'));
    expect(fiftyFour).toMatchObject({ status: 'DELETED', sentMessageCount: 54, scheduledMessageCount: 64 });
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('refuses a cursor made for another list', async () => {
    const payoutsPage = await admin.client.admin.talents.payouts.query({ talentId: people.talentA.id });
    const refused = await refusal(
      admin.client.admin.talents.broadcasts.query({ talentId: people.talentA.id, cursor: payoutsPage.nextCursor }),
    );
    expect(refused.code).toBe('BAD_REQUEST');
  });
});

describe('admin.talents.analytics', () => {
  const zero = { messages: 0, fanMessages: 0, fans: 0, payingFans: 0, grossMicroUsd: 0, netMicroUsd: 0 };

  it('gives every day of the last 7 days, oldest first, with zeros where nothing happened', async () => {
    const tab = await admin.client.admin.talents.analytics.query({ talentId: people.talentA.id, days: 7 });
    expect(tab).toMatchObject({ talentId: people.talentA.id, days: 7, from: dayKey(6), to: dayKey(0) });
    expect(tab.series.map((day) => day.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayKey));
    const byDay = new Map(tab.series.map((day) => [day.day, day]));
    expect(byDay.get(dayKey(0))).toEqual({
      day: dayKey(0),
      messages: 6,
      fanMessages: 3,
      fans: 2,
      payingFans: 1,
      grossMicroUsd: 1_234_567,
      netMicroUsd: 740_740,
    });
    expect(byDay.get(dayKey(1))).toEqual({ day: dayKey(1), ...zero });
    expect(byDay.get(dayKey(2))).toEqual({
      day: dayKey(2),
      messages: 2,
      fanMessages: 1,
      fans: 1,
      payingFans: 1,
      grossMicroUsd: 100_003,
      netMicroUsd: 60_001,
    });
    expect(byDay.get(dayKey(5))).toEqual({ day: dayKey(5), ...zero, messages: 3, fanMessages: 3, fans: 1 });
    for (const idle of [1, 3, 4, 6]) expect(byDay.get(dayKey(idle))).toEqual({ day: dayKey(idle), ...zero });
    // A fan who wrote on several days counts once in the period.
    expect(tab.period).toEqual({
      messages: 11,
      fanMessages: 7,
      fans: 2,
      payingFans: 1,
      newChats: 2,
      grossMicroUsd: 1_334_570,
      netMicroUsd: 800_741,
    });
    expect(tab.allTime).toEqual({
      grossMicroUsd: 5_000_001_334_573,
      netMicroUsd: 3_000_000_800_742,
      chats: 4,
      metrics: { chatWithAuthenticationCount: 3, chatWithPaymentCount: 1 },
    });
  });

  it('defaults to 30 days and reaches back 90 days when asked, summing money exactly', async () => {
    const thirty = await admin.client.admin.talents.analytics.query({ talentId: people.talentA.id });
    expect(thirty.days).toBe(30);
    expect(thirty.series).toHaveLength(30);
    expect(thirty.period).toMatchObject({ messages: 11, fans: 2, newChats: 3, grossMicroUsd: 1_334_570 });

    const ninety = await admin.client.admin.talents.analytics.query({ talentId: people.talentA.id, days: 90 });
    expect(ninety.series).toHaveLength(90);
    expect(ninety.series.find((day) => day.day === dayKey(40))).toMatchObject({
      messages: 2,
      fans: 1,
      grossMicroUsd: 5_000_000_000_003,
    });
    expect(ninety.period).toMatchObject({
      messages: 13,
      fans: 3,
      newChats: 4,
      grossMicroUsd: 5_000_001_334_573,
      netMicroUsd: 3_000_000_800_742,
    });
  });

  it('shows zeros and no metrics for a twin without activity, and refuses another period', async () => {
    const quiet = await admin.client.admin.talents.analytics.query({ talentId: quietTalentId, days: 7 });
    expect(quiet.series).toEqual([6, 5, 4, 3, 2, 1, 0].map((daysAgo) => ({ day: dayKey(daysAgo), ...zero })));
    expect(quiet.allTime).toEqual({ grossMicroUsd: 0, netMicroUsd: 0, chats: 0, metrics: null });
    const refused = await refusal(admin.client.admin.talents.analytics.query({ talentId: people.talentA.id, days: 14 as 7 }));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.fieldErrors?.days).toEqual(['Choose 7, 30 or 90 days']);
  });
});

describe('who may read the tabs', () => {
  /** Each tab's call, made one at a time so every refusal is awaited where it happens. */
  const codesOf = async (caller: Caller, talentId: string) => [
    (await refusal(caller.client.admin.talents.model.query({ talentId }))).code,
    (await refusal(caller.client.admin.talents.payouts.query({ talentId }))).code,
    (await refusal(caller.client.admin.talents.broadcasts.query({ talentId }))).code,
    (await refusal(caller.client.admin.talents.analytics.query({ talentId }))).code,
  ];

  it('answers NOT_FOUND for an unknown talent', async () => {
    expect(await codesOf(admin, 'no-such-talent')).toEqual(Array(4).fill('NOT_FOUND'));
  });

  it('refuses the talent’s own creator and a fan (FORBIDDEN) and anonymous callers (UNAUTHORIZED)', async () => {
    const creator = await signIn(api, people.creatorA.email as string);
    const fan = await signIn(api, people.fan.email as string);
    expect(await codesOf(creator, people.talentA.id)).toEqual(Array(4).fill('FORBIDDEN'));
    expect(await codesOf(fan, people.talentA.id)).toEqual(Array(4).fill('FORBIDDEN'));
    expect(await codesOf(createCaller(api), people.talentA.id)).toEqual(Array(4).fill('UNAUTHORIZED'));
  });
});
