// What a correctly signed Stripe event may not do (issue 25, items 2 to 4), over real HTTP against
// the fake Stripe API: credit a fan other than the one whose checkout it names, buy a 50.00 USD pack
// with 0.50 USD, or start a second subscription to a twin when a fan opened several checkouts
// before paying any and then paid them all at once. Each attack is delivered signed, as Stripe
// would deliver it.
import { checkouts, paymentLedger, payments, products, subscriptions, users } from '@doppel/db';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from '@doppel/integrations/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTalent, totalFrame } from './chat-fixtures.ts';
import { type Api, type Caller, signIn, startApi } from './harness.ts';

let api: Api;
let stripe: FakeStripe;
let twin: Awaited<ReturnType<typeof createTalent>>;
let bigPackId: string;
let vipId: string;
const fans: Record<'a' | 'b' | 'c', { id: string; caller: Caller }> = {} as never;
let admin: Caller;

beforeAll(async () => {
  stripe = await startFakeStripe();
  api = await startApi({
    env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.origin },
  });
  const { db } = api.database;
  const [bigPack, vip] = await db
    .insert(products)
    .values([
      { name: '550 credits', priceType: 'ONE_TIME', credits: 550, priceAmount: 5000 },
      { name: 'VIP (monthly)', priceType: 'SUBSCRIPTION', priceAmount: 999 },
    ])
    .returning();
  bigPackId = bigPack?.id ?? '';
  vipId = vip?.id ?? '';
  twin = await createTalent(api, { subscriptionProductId: vipId });
  for (const name of ['a', 'b', 'c'] as const) {
    const [user] = await db
      .insert(users)
      .values({ email: `fan-${name}@test.dev`, name: `Fan ${name}` })
      .returning();
    fans[name] = { id: user?.id ?? '', caller: await signIn(api, `fan-${name}@test.dev`) };
  }
  await db.insert(users).values({ email: 'admin@test.dev', name: 'Admin', role: 'ADMIN', waitlistStatus: 'ACCEPTED' });
  admin = await signIn(api, 'admin@test.dev');
});

afterAll(async () => {
  await api?.close();
  await stripe?.close();
});

async function openCheckout(fan: Caller, productId: string) {
  const opened = await fan.client.payments.checkout.mutate({
    productId,
    talentId: twin.talent.id,
    returnPath: `/chat/${twin.tag}`,
  });
  return { ...opened, sessionId: new URL(opened.url).pathname.split('/').pop() ?? '' };
}

async function deliver(event: FakeStripeEvent): Promise<{ status: number; body: { refused?: boolean } }> {
  const signed = stripe.sign(event);
  const answer = await fetch(`${api.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    body: signed.body,
  });
  return { status: answer.status, body: (await answer.json()) as { refused?: boolean } };
}

/** The same event with its session changed, as a new event (new id), still signed with our secret. */
function tampered(event: FakeStripeEvent | undefined, id: string, change: (session: Record<string, unknown>) => object) {
  if (!event) throw new Error('the fake sent no event');
  const session = event.data.object as unknown as Record<string, unknown>;
  return { ...event, id, data: { ...event.data, object: change(session) } } as FakeStripeEvent;
}

const checkoutRow = async (id: string) => (await api.database.db.select().from(checkouts).where(eq(checkouts.id, id)))[0];

describe('a checkout belongs to the fan who opened it', () => {
  it('refuses an event naming fan A’s checkout and fan B as the buyer: nobody is credited, A can still pay', async () => {
    const opened = await openCheckout(fans.a.caller, bigPackId);
    const [completed] = stripe.pay(opened.sessionId);
    const forged = tampered(completed, 'evt_owner_swap', (session) => ({
      ...session,
      client_reference_id: fans.b.id,
      metadata: { ...(session.metadata as object), userId: fans.b.id },
    }));
    const answer = await deliver(forged);
    // Acknowledged, so Stripe does not retry what can never be booked, and stored as refused.
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false, refused: true } });
    expect(await balanceOf(api, fans.b.id)).toMatchObject({ paidCredits: 0 });
    expect(await balanceOf(api, fans.a.id)).toMatchObject({ paidCredits: 0 });
    expect((await checkoutRow(opened.checkoutId))?.status).toBe('OPEN');
    expect(await api.database.db.select().from(payments).where(eq(payments.checkoutId, opened.checkoutId))).toHaveLength(0);
    expect((await deliver(forged)).body).toMatchObject({ duplicate: true });

    // The genuine event of the same checkout books to its owner.
    expect((await deliver(completed as FakeStripeEvent)).status).toBe(200);
    expect(await balanceOf(api, fans.a.id)).toMatchObject({ paidCredits: 550 });
    expect(await balanceOf(api, fans.b.id)).toMatchObject({ paidCredits: 0 });
  });
});

describe('the amount paid is the price the checkout was opened for', () => {
  it('books 0.50 USD paid for the 50.00 USD pack as a problem for admins, with no credits', async () => {
    const before = await balanceOf(api, fans.c.id);
    const opened = await openCheckout(fans.c.caller, bigPackId);
    const [completed] = stripe.pay(opened.sessionId);
    const underpaid = tampered(completed, 'evt_underpaid', (session) => ({ ...session, amount_total: 50, amount_subtotal: 50 }));
    expect((await deliver(underpaid)).status).toBe(200);

    expect(await balanceOf(api, fans.c.id)).toEqual(before);
    const [payment] = await api.database.db.select().from(payments).where(eq(payments.checkoutId, opened.checkoutId));
    expect(payment).toMatchObject({
      priceAmount: 50,
      problem: 'AMOUNT_MISMATCH',
      problemReason: 'Paid 0.50 USD; the checkout was opened for 50.00 USD.',
    });
    const entries = await api.database.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.paymentId, payment?.id ?? ''));
    expect(entries).toEqual([expect.objectContaining({ kind: 'PURCHASE', amount: 50, paidCredits: 0, grossMicroUsd: 0 })]);
    expect((await checkoutRow(opened.checkoutId))?.status).toBe('FAILED');

    const listed = await admin.client.admin.payments.list.query({ showSandbox: true });
    expect(listed.items.find((row) => row.id === payment?.id)?.problem).toEqual({
      kind: 'AMOUNT_MISMATCH',
      reason: 'Paid 0.50 USD; the checkout was opened for 50.00 USD.',
    });
    const detail = await admin.client.admin.payments.get.query({ paymentId: payment?.id ?? '' });
    expect(detail.problem?.kind).toBe('AMOUNT_MISMATCH');
  });

  it('books a payment in another currency the same way', async () => {
    const opened = await openCheckout(fans.c.caller, bigPackId);
    const [completed] = stripe.pay(opened.sessionId);
    const euros = tampered(completed, 'evt_other_currency', (session) => ({ ...session, currency: 'eur' }));
    await deliver(euros);
    const [payment] = await api.database.db.select().from(payments).where(eq(payments.checkoutId, opened.checkoutId));
    expect(payment).toMatchObject({
      problem: 'AMOUNT_MISMATCH',
      problemReason: 'Paid 50.00 EUR; the checkout was opened for 50.00 USD.',
    });
    expect(await balanceOf(api, fans.c.id)).toMatchObject({ paidCredits: 0 });
  });
});

describe('one subscription per fan and twin', () => {
  it('keeps one of 8 subscription checkouts paid all at once, earns once, and gives the other 7 back', async () => {
    const { db } = api.database;
    const fan = fans.b;
    const frameBefore = await totalFrame(api, twin.talent.id);
    const opened = [];
    for (let i = 0; i < 8; i++) opened.push(await openCheckout(fan.caller, vipId));
    const events = opened.flatMap((checkout) => stripe.pay(checkout.sessionId));
    expect(events).toHaveLength(16);
    const answers = await Promise.all(events.map((event) => deliver(event)));
    expect(answers.map((answer) => answer.status)).toEqual(events.map(() => 200));

    const mine = and(eq(subscriptions.userId, fan.id), eq(subscriptions.talentId, twin.talent.id));
    const active = await db
      .select()
      .from(subscriptions)
      .where(and(mine, eq(subscriptions.status, 'ACTIVE')));
    expect(active).toHaveLength(1);
    const paid = await db.select().from(payments).where(eq(payments.userId, fan.id));
    expect(paid).toHaveLength(8);
    expect(paid.filter((payment) => payment.problem === null)).toHaveLength(1);
    const duplicates = paid.filter((payment) => payment.problem === 'DUPLICATE_SUBSCRIPTION');
    expect(duplicates).toHaveLength(7);
    const frame = await totalFrame(api, twin.talent.id);
    expect((frame?.grossSubscription ?? 0) - (frameBefore?.grossSubscription ?? 0)).toBe(9_990_000);

    // Each duplicate's Stripe subscription is cancelled and its invoice's payment refunded, once.
    const refunded = stripe.requestsTo('POST', '/v1/refunds').map((request) => request.body.payment_intent);
    expect(new Set(refunded)).toEqual(new Set(duplicates.map((payment) => payment.stripePaymentIntentId)));
    const cancelled = [...stripe.account.subscriptions.values()].filter((subscription) => subscription.status === 'canceled');
    expect(cancelled.map((subscription) => subscription.id).sort()).toEqual(
      (
        await db
          .select({ externalId: subscriptions.externalId })
          .from(subscriptions)
          .where(and(mine, eq(subscriptions.status, 'ENDED')))
      )
        .map((row) => row.externalId)
        .sort(),
    );
    expect(cancelled).toHaveLength(7);
    expect(
      [...stripe.account.charges.values()].filter((charge) => charge.refunds.length > 0).map((charge) => charge.refunds.length),
    ).toEqual(Array.from({ length: 7 }, () => 1));

    // Stripe then reports the refunds and the cancellations: booked as refunds of money that earned nothing.
    const followUps = [...stripe.account.events.values()].filter(
      (event) => event.type === 'charge.refunded' || event.type === 'customer.subscription.deleted',
    );
    expect(followUps).toHaveLength(14);
    const followed = await Promise.all(followUps.map((event) => deliver(event)));
    expect(followed.every((answer) => answer.status === 200)).toBe(true);
    const [sums] = await db
      .select({
        money: sql<number>`sum(${paymentLedger.amount})::int`,
        gross: sql<number>`sum(${paymentLedger.grossMicroUsd})::int`,
        reversals: sql<number>`count(*) filter (where ${paymentLedger.kind} = 'REVERSAL')::int`,
      })
      .from(paymentLedger)
      .where(eq(paymentLedger.userId, fan.id));
    expect(sums).toEqual({ money: 999, gross: 9_990_000, reversals: 7 });
    expect((await totalFrame(api, twin.talent.id))?.netTotal).toBe(frame?.netTotal);
    const still = await db
      .select()
      .from(subscriptions)
      .where(and(mine, eq(subscriptions.status, 'ACTIVE')));
    expect(still.map((row) => row.id)).toEqual(active.map((row) => row.id));
  }, 120_000);
});
