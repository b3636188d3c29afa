// The offline purchase path end to end over real HTTP: a signed-in fan buys a credit pack and a
// twin's subscription through the sandbox checkout, the balance and the ledger move once, a
// subscribed fan's messages cost nothing, and refunds, disputes and replays book exactly once.
import { randomUUID } from 'node:crypto';
import { earningFrames, paymentLedger, payments, products, subscriptions, talents, users } from '@doppel/db';
import { processProviderEvent } from '@doppel/domain/payments';
import type { VerifiedProviderEvent } from '@doppel/domain/ports';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTalent, setBalance, startChatApi, totalFrame } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, signIn } from './harness.ts';

let api: Api;
let fan: Caller;
let fanId: string;
let twin: Awaited<ReturnType<typeof createTalent>>;
let packId: string;
let vipId: string;

beforeAll(async () => {
  ({ api } = await startChatApi());
  const { db } = api.database;
  const [pack, vip] = await db
    .insert(products)
    .values([
      { name: '100 credits', priceType: 'ONE_TIME', credits: 100, priceAmount: 900 },
      { name: 'Twin VIP (monthly)', priceType: 'SUBSCRIPTION', priceAmount: 999 },
    ])
    .returning();
  if (!pack || !vip) throw new Error('product seed failed');
  packId = pack.id;
  vipId = vip.id;
  twin = await createTalent(api, { creditsToSendMessage: 2, subscriptionProductId: vipId });
  const [user] = await db.insert(users).values({ email: 'buyer@test.dev', name: 'Buyer' }).returning();
  if (!user) throw new Error('fan seed failed');
  fanId = user.id;
  fan = await signIn(api, 'buyer@test.dev');
});

afterAll(async () => {
  await api?.close();
});

const chatPath = () => `/chat/${twin.tag}`;

async function buy(caller: Caller, productId: string) {
  const opened = await caller.client.payments.checkout.mutate({ productId, talentId: twin.talent.id, returnPath: chatPath() });
  expect(opened.url).toBe(`${api.url}/checkout/sandbox/${opened.checkoutId}`);
  return caller.client.payments.completeSandboxCheckout.mutate({ checkoutId: opened.checkoutId });
}

describe('the catalog', () => {
  it('lists the packs with their list price at 0.10 USD a credit, and the twin’s subscription', async () => {
    const catalog = await fan.client.payments.catalog.query({ talentId: twin.talent.id });
    expect(catalog.provider).toBe('sandbox');
    const pack = catalog.packs.find((entry) => entry.id === packId);
    expect(pack).toMatchObject({ credits: 100, price: { amount: 900, currency: 'USD' }, listPrice: { amount: 1000 } });
    expect(catalog.subscription).toMatchObject({ productId: vipId, price: { amount: 999 }, activeUntil: null });
  });

  it('refuses a checkout to an anonymous fan: an account comes first', async () => {
    const anonymous = createCaller(api);
    await anonymous.client.chat.open.mutate({ talentTag: twin.tag });
    const refused = await refusal(
      anonymous.client.payments.checkout.mutate({ productId: packId, talentId: twin.talent.id, returnPath: chatPath() }),
    );
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to buy credits.' });
  });

  it('refuses a product that is not on sale in this chat, and a return path outside the app', async () => {
    const [other] = await api.database.db
      .insert(products)
      .values({ name: 'Someone else’s VIP', priceType: 'SUBSCRIPTION', priceAmount: 500 })
      .returning();
    const notOnSale = await refusal(
      fan.client.payments.checkout.mutate({ productId: other?.id ?? '', talentId: twin.talent.id, returnPath: chatPath() }),
    );
    expect(notOnSale).toMatchObject({ code: 'NOT_FOUND', message: 'This product is not on sale.' });
    const offsite = await refusal(
      fan.client.payments.checkout.mutate({ productId: packId, talentId: twin.talent.id, returnPath: '//evil.example/x' }),
    );
    expect(offsite.code).toBe('BAD_REQUEST');
  });
});

describe('a sandbox purchase', () => {
  it('adds the pack’s paid credits once, however often Pay is pressed, and shows in the history', async () => {
    await setBalance(api, fanId, 0, 0);
    const opened = await fan.client.payments.checkout.mutate({
      productId: packId,
      talentId: twin.talent.id,
      returnPath: chatPath(),
    });
    const presses = await Promise.all(
      Array.from({ length: 5 }, () => fan.client.payments.completeSandboxCheckout.mutate({ checkoutId: opened.checkoutId })),
    );
    expect(presses.every((view) => view.status === 'COMPLETED')).toBe(true);
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 100 });
    const [payment] = await api.database.db
      .select()
      .from(payments)
      .where(eq(payments.movementKey, `sandbox:${opened.checkoutId}`));
    expect(payment).toMatchObject({ isSandbox: true, priceAmount: 900, originalPriceAmount: 1000, productPriceType: 'ONE_TIME' });
    const history = await fan.client.payments.history.query({});
    expect(history.items[0]).toMatchObject({
      productName: '100 credits',
      credits: 100,
      status: 'PAID',
      isSandbox: true,
      provider: 'sandbox',
    });
  });

  it('keeps another fan’s checkout private', async () => {
    const opened = await fan.client.payments.checkout.mutate({
      productId: packId,
      talentId: twin.talent.id,
      returnPath: chatPath(),
    });
    const stranger = await signIn(api, 'fan@test.dev').catch(async () => {
      await api.database.db.insert(users).values({ email: 'fan@test.dev', name: 'Stranger' });
      return signIn(api, 'fan@test.dev');
    });
    expect(
      await refusal(stranger.client.payments.completeSandboxCheckout.mutate({ checkoutId: opened.checkoutId })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    const canceled = await fan.client.payments.cancelCheckout.mutate({ checkoutId: opened.checkoutId });
    expect(canceled.status).toBe('CANCELED');
    expect(await refusal(fan.client.payments.completeSandboxCheckout.mutate({ checkoutId: opened.checkoutId }))).toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('a subscription', () => {
  it('makes messages to the twin free, books the twin’s subscription earnings, and cannot be bought twice', async () => {
    await setBalance(api, fanId, 0, 0);
    const before = await totalFrame(api, twin.talent.id);
    const done = await buy(fan, vipId);
    expect(done).toMatchObject({ status: 'COMPLETED', mode: 'subscription' });

    const opened = await fan.client.chat.open.mutate({ talentTag: twin.tag });
    expect(opened.offersSubscription).toBe(true);
    expect(opened.subscribedUntil).not.toBeNull();
    const sent = await fan.client.chat.send.mutate({
      chatId: opened.chat.id,
      text: 'Hi, VIP here',
      idempotencyKey: randomUUID(),
    });
    expect(sent.balance).toEqual({ credits: 0, paidCredits: 0 });
    expect(sent.message.senderType).toBe('USER');

    const after = await totalFrame(api, twin.talent.id);
    expect((after?.grossSubscription ?? 0) - (before?.grossSubscription ?? 0)).toBe(9_990_000);
    expect((after?.netSubscription ?? 0) - (before?.netSubscription ?? 0)).toBe(5_994_000);
    const referrer = await totalFrame(api, twin.referrer.id);
    expect(referrer?.grossReferral).toBe(299_700);

    const again = await refusal(
      fan.client.payments.checkout.mutate({ productId: vipId, talentId: twin.talent.id, returnPath: chatPath() }),
    );
    expect(again).toMatchObject({ code: 'CONFLICT', message: `You are already subscribed to ${twin.talent.name}.` });
  });

  it('charges messages again once the subscription has ended', async () => {
    await api.database.db
      .update(subscriptions)
      .set({ status: 'ENDED' })
      .where(and(eq(subscriptions.userId, fanId), eq(subscriptions.talentId, twin.talent.id)));
    await setBalance(api, fanId, 0, 10);
    const opened = await fan.client.chat.open.mutate({ talentTag: twin.tag });
    expect(opened.subscribedUntil).toBeNull();
    const sent = await fan.client.chat.send.mutate({
      chatId: opened.chat.id,
      text: 'Paying again',
      idempotencyKey: randomUUID(),
    });
    expect(sent.balance).toEqual({ credits: 0, paidCredits: 8 });
  });
});

/** A provider-neutral delivery, as an adapter produces it. */
function delivery(eventId: string, events: VerifiedProviderEvent['events']): VerifiedProviderEvent {
  return { provider: 'stripe', eventId, eventType: 'test.event', events, payload: { id: eventId } };
}

/** A Stripe payment of the 100-credit pack by the fan, paid with the given PaymentIntent. */
function packPaidWith(paymentIntentId: string) {
  return {
    type: 'payment.succeeded' as const,
    key: `stripe:${paymentIntentId}`,
    userId: fanId,
    talentId: twin.talent.id,
    productId: packId,
    price: { amount: 900, fractionDigits: 2, currency: 'USD' },
    ids: { stripePaymentIntentId: paymentIntentId },
    isSandbox: false,
  };
}

const write = <T>(work: Parameters<typeof api.database.db.transaction<T>>[0]) => api.database.db.transaction(work);

describe('exactly once', () => {
  it('books 100 concurrent deliveries of one event, and 20 events about the same money, once', async () => {
    await setBalance(api, fanId, 0, 0);
    const paid = packPaidWith('pi_concurrent');
    const same = await Promise.all(
      Array.from({ length: 100 }, () => write((tx) => processProviderEvent(tx, delivery('evt_same', [paid])))),
    );
    expect(same.filter((result) => !result.duplicate)).toHaveLength(1);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => write((tx) => processProviderEvent(tx, delivery(`evt_other_${i}`, [paid])))),
    );
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 100 });
    const rows = await api.database.db.select().from(payments).where(eq(payments.movementKey, 'stripe:pi_concurrent'));
    expect(rows).toHaveLength(1);
  });

  it('takes back what is left on a refund and reverses the twin’s earnings for the part already spent', async () => {
    const { db } = api.database;
    await setBalance(api, fanId, 0, 0);
    await db.update(talents).set({ creditsToSendMessage: 2 }).where(eq(talents.id, twin.talent.id));
    const paid = packPaidWith('pi_refund');
    await write((tx) => processProviderEvent(tx, delivery('evt_pay_refund', [paid])));
    // The fan spends 70 of the 100 credits before the refund.
    await setBalance(api, fanId, 0, 30);
    const before = await totalFrame(api, twin.talent.id);
    const refund = {
      type: 'payment.reversed' as const,
      key: 'stripe:refund:ch_1:900',
      payment: { stripePaymentIntentId: 'pi_refund' },
      reason: 'REFUND' as const,
      amount: 900,
    };
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => write((tx) => processProviderEvent(tx, delivery(`evt_refund_${i}`, [refund])))),
    );
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 0 });
    const [reversal] = await db.select().from(paymentLedger).where(eq(paymentLedger.key, 'stripe:refund:ch_1:900'));
    expect(reversal).toMatchObject({
      kind: 'REVERSAL',
      amount: -900,
      paidCredits: -30,
      shortfallCredits: 70,
      grossMicroUsd: -7_000_000,
      netMicroUsd: -4_200_000,
    });
    const after = await totalFrame(api, twin.talent.id);
    expect((after?.grossReversal ?? 0) - (before?.grossReversal ?? 0)).toBe(7_000_000);
    expect((before?.netTotal ?? 0) - (after?.netTotal ?? 0)).toBe(4_200_000);

    // A dispute on a fully refunded charge takes nothing more.
    const dispute = {
      type: 'payment.reversed' as const,
      key: 'stripe:dispute:dp_1',
      payment: { stripePaymentIntentId: 'pi_refund' },
      reason: 'DISPUTE' as const,
      amount: 900,
    };
    await write((tx) => processProviderEvent(tx, delivery('evt_dispute_1', [dispute])));
    const entries = await db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.paymentId, reversal?.paymentId ?? ''));
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['PURCHASE', 'REVERSAL']);
  });

  it('gives back exactly what a dispute took when the dispute is won, once', async () => {
    const { db } = api.database;
    await setBalance(api, fanId, 0, 0);
    const paid = packPaidWith('pi_dispute');
    await write((tx) => processProviderEvent(tx, delivery('evt_pay_dispute', [paid])));
    await setBalance(api, fanId, 0, 60);
    const before = await totalFrame(api, twin.talent.id);
    const dispute = {
      type: 'payment.reversed' as const,
      key: 'stripe:dispute:dp_2',
      payment: { stripePaymentIntentId: 'pi_dispute' },
      reason: 'DISPUTE' as const,
      amount: 900,
    };
    await write((tx) => processProviderEvent(tx, delivery('evt_dispute_2', [dispute])));
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 0 });
    const won = {
      type: 'payment.reinstated' as const,
      key: 'stripe:dispute-won:dp_2',
      reversalKey: 'stripe:dispute:dp_2',
      payment: { stripePaymentIntentId: 'pi_dispute' },
    };
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => write((tx) => processProviderEvent(tx, delivery(`evt_won_${i}`, [won])))),
    );
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 60 });
    const after = await totalFrame(api, twin.talent.id);
    expect(after?.grossReversal).toBe(before?.grossReversal);
    expect(after?.netTotal).toBe(before?.netTotal);
    const kinds = await db
      .select({ kind: paymentLedger.kind })
      .from(paymentLedger)
      .innerJoin(payments, eq(payments.id, paymentLedger.paymentId))
      .where(eq(payments.movementKey, 'stripe:pi_dispute'));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['PURCHASE', 'REINSTATEMENT', 'REVERSAL']);
  });

  it('defers a refund that arrives before its payment: nothing is stored, the retry applies it', async () => {
    const early = {
      type: 'payment.reversed' as const,
      key: 'stripe:refund:ch_early:900',
      payment: { stripePaymentIntentId: 'pi_early' },
      reason: 'REFUND' as const,
      amount: 900,
    };
    await expect(write((tx) => processProviderEvent(tx, delivery('evt_early', [early])))).rejects.toThrow(/no payment/);
    const frames = await api.database.db.select().from(earningFrames).where(eq(earningFrames.talentId, twin.talent.id));
    expect(frames.every((frame) => frame.grossSendMessage >= 0)).toBe(true);
  });
});
