// The subscription rule of docs/payments.md, against the real database: while a fan's paid period
// runs, messages to the twin cost nothing (the chat is flagged and counted once among the twin's
// paying chats), unlocks are not touched, and each paid period is the twin's subscription earnings
// with its referrer's share. Renewals extend the period; the provider ending it ends it.
import { randomUUID } from 'node:crypto';
import { chats, earningFrames, metricFrames, products, talentConfigs, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sendChatMessage } from '../chat/send/send-message.ts';
import { recordPayment } from './record-payment.ts';
import { activeSubscriptionUntil, endSubscription } from './subscriptions.ts';

let database: TestDatabase;
let talentId: string;
let referrerId: string;
let fanId: string;
let chatId: string;
let vipId: string;

const noReplies = { enqueueReply: async () => undefined };

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const { db } = database;
  const [vip] = await db.insert(products).values({ name: 'VIP', priceType: 'SUBSCRIPTION', priceAmount: 999 }).returning();
  vipId = vip?.id ?? '';
  const [referrer, talent] = await db
    .insert(talents)
    .values([
      { name: 'Referrer', tag: 'referrer' },
      { name: 'Twin', tag: 'twin', creditsToSendMessage: 3, subscriptionProductId: vipId },
    ])
    .returning();
  referrerId = referrer?.id ?? '';
  talentId = talent?.id ?? '';
  await db.insert(talentConfigs).values([{ id: referrerId }, { id: talentId, referralTalentId: referrerId }]);
  const [fan] = await db.insert(users).values({ email: 'vip@test.dev', credits: 0, paidCredits: 0 }).returning();
  fanId = fan?.id ?? '';
  const [chat] = await db.insert(chats).values({ talentId, userId: fanId }).returning();
  chatId = chat?.id ?? '';
});
afterAll(() => database.drop());

const viewer = () => ({ id: fanId, role: 'USER' as const, managedTalentIds: [] });
const send = (text: string) =>
  database.db.transaction((tx) =>
    sendChatMessage(tx, viewer(), { chatId, text, idempotencyKey: randomUUID() }, { replies: noReplies }),
  );
const period = (key: string, end: Date) =>
  database.db.transaction((tx) =>
    recordPayment(tx, {
      type: 'payment.succeeded',
      key,
      userId: fanId,
      talentId,
      productId: vipId,
      price: { amount: 999, fractionDigits: 2, currency: 'USD' },
      ids: {},
      subscription: { externalId: 'sub_rule', periodEnd: end },
      isSandbox: false,
    }),
  );

async function total(id: string) {
  const [row] = await database.db
    .select()
    .from(earningFrames)
    .where(and(eq(earningFrames.talentId, id), eq(earningFrames.range, 'TOTAL')));
  return row;
}

describe('a subscription', () => {
  it('charges a fan without one, who cannot pay, nothing, and the twin offers its subscription', async () => {
    const sent = await send('Hello?');
    expect(sent.outOfCredits).toBe('subscription');
    expect(sent.reply?.callToAction).toBe('SUBSCRIBE');
  });

  it('makes messages free while its period runs, flags the chat and counts it once as paying', async () => {
    const end = new Date(Date.now() + 30 * 86_400_000);
    await period('stripe:in_rule_1', end);
    expect(await activeSubscriptionUntil(database.db, { userId: fanId, talentId })).toEqual(end);
    const first = await send('VIP hello');
    const second = await send('VIP again');
    expect(first.spend).toEqual({ free: 0, paid: 0 });
    expect(second.outOfCredits).toBeUndefined();
    expect(second.replyQueued).toBe(true);
    const [chat] = await database.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat?.hasUserInteractionWithSubscription).toBe(true);
    const [metrics] = await database.db.select().from(metricFrames).where(eq(metricFrames.talentId, talentId));
    expect(metrics?.chatWithPaymentCount).toBe(1);
  });

  it('books each paid period as the twin’s subscription earnings, and the referrer’s share', async () => {
    await period('stripe:in_rule_2', new Date(Date.now() + 60 * 86_400_000));
    await period('stripe:in_rule_2', new Date(Date.now() + 60 * 86_400_000));
    const twin = await total(talentId);
    expect(twin).toMatchObject({ grossSubscription: 2 * 9_990_000, netSubscription: 2 * 5_994_000, grossSendMessage: 0 });
    expect((await total(referrerId))?.grossReferral).toBe(2 * 299_700);
  });

  it('charges messages again once the provider ends it', async () => {
    await database.db.transaction((tx) =>
      endSubscription(tx, { type: 'subscription.ended', externalId: 'sub_rule', endedAt: new Date() }),
    );
    expect(await activeSubscriptionUntil(database.db, { userId: fanId, talentId })).toBeNull();
    await database.db.update(users).set({ paidCredits: 5 }).where(eq(users.id, fanId));
    const sent = await send('Paying again');
    expect(sent.spend).toEqual({ free: 0, paid: 3 });
  });
});
