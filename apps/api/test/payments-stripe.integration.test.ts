// Stripe end to end over real HTTP: the API runs with Stripe configured against a fake Stripe API
// (the real `stripe` SDK talks to it), fans check out through payments.checkout, and every kind of
// event is delivered signed to /webhooks/stripe ten times in shuffled order, retried like Stripe
// retries (a 503 for an event that came too early). The balances, payments, ledger and earnings
// must match totals this test works out on its own from the scenario.
import { paymentLedger, payments, products, providerEvents, subscriptions, users } from '@doppel/db';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from '@doppel/integrations/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTalent, totalFrame } from './chat-fixtures.ts';
import { type Api, type Caller, signIn, startApi } from './harness.ts';

let api: Api;
let stripe: FakeStripe;
let fan: Caller;
let fanId: string;
let twin: Awaited<ReturnType<typeof createTalent>>;
let packId: string;
let vipId: string;

const packPrice = 900;
const packCredits = 100;
const vipPrice = 999;

beforeAll(async () => {
  stripe = await startFakeStripe();
  api = await startApi({
    env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.origin },
  });
  const { db } = api.database;
  const [pack, vip] = await db
    .insert(products)
    .values([
      { name: '100 credits', priceType: 'ONE_TIME', credits: packCredits, priceAmount: packPrice },
      { name: 'VIP (monthly)', priceType: 'SUBSCRIPTION', priceAmount: vipPrice },
    ])
    .returning();
  if (!pack || !vip) throw new Error('product seed failed');
  packId = pack.id;
  vipId = vip.id;
  twin = await createTalent(api, { subscriptionProductId: vipId });
  const [user] = await db.insert(users).values({ email: 'stripe-fan@test.dev', name: 'Stripe fan' }).returning();
  fanId = user?.id ?? '';
  fan = await signIn(api, 'stripe-fan@test.dev');
});

afterAll(async () => {
  await api?.close();
  await stripe?.close();
});

/** Opens a checkout through our API and answers the Stripe session behind it. */
async function checkout(productId: string) {
  const opened = await fan.client.payments.checkout.mutate({
    productId,
    talentId: twin.talent.id,
    returnPath: `/chat/${twin.tag}`,
  });
  const sessionId = new URL(opened.url).pathname.split('/').pop() ?? '';
  const session = stripe.account.sessions.get(sessionId);
  if (!session) throw new Error(`no Stripe session behind ${opened.url}`);
  return { ...opened, sessionId };
}

const intentOf = (sessionId: string) => stripe.account.sessions.get(sessionId)?.paymentIntentId ?? '';
const invoiceIntentOf = (invoiceId: string) =>
  [...stripe.account.invoicePayments.values()].find((payment) => payment.invoiceId === invoiceId)?.paymentIntentId ?? '';

async function deliver(event: FakeStripeEvent, options: { signature?: string } = {}): Promise<Response> {
  const signed = stripe.sign(event);
  return fetch(`${api.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': options.signature ?? signed.signature },
    body: signed.body,
  });
}

function shuffle<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Delivers every event `copies` times in shuffled order, four at a time, redelivering 503s like Stripe. */
async function deliverShuffled(events: FakeStripeEvent[], copies: number) {
  let pending = shuffle(
    events.flatMap((event) => Array.from({ length: copies }, () => event)),
    events.length * 7919,
  );
  const statuses = new Map<number, number>();
  for (let round = 0; pending.length > 0; round++) {
    if (round > 50) throw new Error(`${pending.length} deliveries were never accepted`);
    const retry: FakeStripeEvent[] = [];
    for (let i = 0; i < pending.length; i += 4) {
      const batch = pending.slice(i, i + 4);
      const answers = await Promise.all(batch.map((event) => deliver(event)));
      answers.forEach((answer, index) => {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 503) retry.push(batch[index] as FakeStripeEvent);
        else expect(answer.status, `event ${batch[index]?.type}`).toBe(200);
      });
    }
    pending = retry;
  }
  return statuses;
}

describe('Stripe webhooks', () => {
  it('refuses a delivery that is not signed by Stripe, and stores nothing', async () => {
    const opened = await checkout(packId);
    const [paid] = stripe.pay(opened.sessionId);
    if (!paid) throw new Error('no event');
    const forged = await deliver(paid, { signature: 't=1,v1=deadbeef' });
    expect(forged.status).toBe(400);
    const missing = await fetch(`${api.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
    const stored = await api.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, paid.id));
    expect(stored).toHaveLength(0);
    // The genuine delivery of the same event is then booked.
    expect((await deliver(paid)).status).toBe(200);
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: packCredits });
  });

  it('credits 100 concurrent deliveries of the same event once', async () => {
    const before = await balanceOf(api, fanId);
    const opened = await checkout(packId);
    const [paid] = stripe.pay(opened.sessionId);
    if (!paid) throw new Error('no event');
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(paid)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: (before?.paidCredits ?? 0) + packCredits });
    const status = await fan.client.payments.checkoutStatus.query({ checkoutId: opened.checkoutId });
    expect(status.status).toBe('COMPLETED');
  });

  it('books every event kind exactly once when each arrives ten times in shuffled order', async () => {
    const { db } = api.database;
    await db.update(users).set({ paidCredits: 0 }).where(eq(users.id, fanId));
    await db.execute(sql`delete from payment_ledger`);
    await db.execute(sql`delete from payments`);
    const frameBefore = await totalFrame(api, twin.talent.id);
    const referrerBefore = await totalFrame(api, twin.referrer.id);
    const events: FakeStripeEvent[] = [];

    // Packs: kept; refunded in two steps; disputed and won; disputed and lost; paid asynchronously.
    const kept = await checkout(packId);
    events.push(...stripe.pay(kept.sessionId));
    const refunded = await checkout(packId);
    events.push(...stripe.pay(refunded.sessionId));
    events.push(stripe.refund(intentOf(refunded.sessionId), 300), stripe.refund(intentOf(refunded.sessionId)));
    const won = await checkout(packId);
    events.push(...stripe.pay(won.sessionId));
    const wonDispute = stripe.dispute(intentOf(won.sessionId));
    events.push(wonDispute, stripe.closeDispute((wonDispute.data.object as { id: string }).id, 'won'));
    const lost = await checkout(packId);
    events.push(...stripe.pay(lost.sessionId));
    const lostDispute = stripe.dispute(intentOf(lost.sessionId));
    events.push(lostDispute, stripe.closeDispute((lostDispute.data.object as { id: string }).id, 'lost'));
    const later = await checkout(packId);
    events.push(...stripe.pay(later.sessionId, { asyncPayment: true }), stripe.settleAsyncPayment(later.sessionId, 'succeeded'));
    const abandoned = await checkout(packId);
    events.push(stripe.expire(abandoned.sessionId));

    // The subscription: first month (checkout and its invoice), a renewal refunded in full, then cancelled.
    const vip = await checkout(vipId);
    events.push(...stripe.pay(vip.sessionId));
    const subscriptionId = stripe.account.sessions.get(vip.sessionId)?.subscriptionId ?? '';
    const renewal = stripe.renew(subscriptionId);
    events.push(renewal, stripe.refund(invoiceIntentOf((renewal.data.object as { id: string }).id)));
    events.push(stripe.cancelSubscription(subscriptionId));

    const statuses = await deliverShuffled(events, 10);
    expect(statuses.get(200)).toBeGreaterThanOrEqual(events.length * 10);

    // Worked out from the scenario alone: three packs stay paid, two subscription months were paid, one refunded.
    const expectedCredits = 3 * packCredits;
    const expectedMoney = 3 * packPrice + vipPrice;
    const subscriptionGross = vipPrice * 10_000;
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: expectedCredits });
    const rows = await db.select().from(payments);
    expect(rows).toHaveLength(5 + 2);
    const [sums] = await db
      .select({
        amount: sql<number>`sum(${paymentLedger.amount})::int`,
        credits: sql<number>`sum(${paymentLedger.paidCredits})::int`,
        shortfall: sql<number>`sum(${paymentLedger.shortfallCredits})::int`,
      })
      .from(paymentLedger);
    expect(sums).toEqual({ amount: expectedMoney, credits: expectedCredits, shortfall: 0 });

    const frame = await totalFrame(api, twin.talent.id);
    expect((frame?.grossSubscription ?? 0) - (frameBefore?.grossSubscription ?? 0)).toBe(2 * subscriptionGross);
    expect((frame?.grossReversal ?? 0) - (frameBefore?.grossReversal ?? 0)).toBe(subscriptionGross);
    expect((frame?.netTotal ?? 0) - (frameBefore?.netTotal ?? 0)).toBe((subscriptionGross * 6) / 10);
    const referrer = await totalFrame(api, twin.referrer.id);
    expect((referrer?.netTotal ?? 0) - (referrerBefore?.netTotal ?? 0)).toBe((subscriptionGross * 3) / 100);

    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.externalId, subscriptionId));
    expect(subscription?.status).toBe('ENDED');
    const abandonedStatus = await fan.client.payments.checkoutStatus.query({ checkoutId: abandoned.checkoutId });
    expect(abandonedStatus.status).toBe('EXPIRED');
    const history = await fan.client.payments.history.query({});
    // Kept, won, paid later and the first month are paid; the lost dispute's money stays with the bank.
    const purchaseStatuses = history.items.map((item) => item.status).sort();
    expect(purchaseStatuses).toEqual(['DISPUTED', 'PAID', 'PAID', 'PAID', 'PAID', 'REFUNDED', 'REFUNDED']);
  }, 120_000);

  it('keeps whether a subscription renews: cancelled to end with its period, then resumed, whatever order Stripe delivers it in', async () => {
    const { db } = api.database;
    const vip = await checkout(vipId);
    for (const event of stripe.pay(vip.sessionId)) expect((await deliver(event)).status).toBe(200);
    const subscriptionId = stripe.account.sessions.get(vip.sessionId)?.subscriptionId ?? '';
    const renews = async () => {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.externalId, subscriptionId));
      return row && !row.endsAtPeriodEnd;
    };
    expect(await renews()).toBe(true);
    const cancelled = stripe.cancelAtPeriodEnd(subscriptionId, true);
    expect((await deliver(cancelled)).status).toBe(200);
    expect(await renews(), 'the fan cancelled: it ends with the period paid').toBe(false);
    const resumed = stripe.cancelAtPeriodEnd(subscriptionId, false);
    // The cancellation's retry arrives after the resumption: Stripe is asked how it is now.
    expect((await deliver(resumed)).status).toBe(200);
    expect(await renews()).toBe(true);
    expect((await deliver({ ...cancelled, id: `${cancelled.id}_retry` })).status).toBe(200);
    expect(await renews(), 'an older update never undoes a newer one').toBe(true);
    expect((await deliver(stripe.cancelSubscription(subscriptionId))).status).toBe(200);
  });
});
