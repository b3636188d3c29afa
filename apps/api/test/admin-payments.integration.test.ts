// The admin Payments screens' procedures over real HTTP: the list newest first with sandbox payments
// hidden unless asked for, paged by keyset against an independent ORDER BY; the status each
// payment's ledger gives it; the detail with its ledger, subscription and Stripe dashboard links
// (live, or test mode for a server holding a test key); NOT_FOUND; and who is refused.
import { newId, paymentLedger, payments, products, seedDemoData } from '@doppel/db';
import type { AdminPaymentPriceTypeFilter } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;

/** Our payments in 2020; every tenth (8 of them) a sandbox one. */
const paymentCount = 80;
const sandboxCount = 8;
const priceTypes = ['ONE_TIME', 'SUBSCRIPTION', 'APPLE_ONE_TIME', 'GOOGLE_ONE_TIME'] as const;
/** Payments whose ledger gives each status, newest of all (2021). */
const ids = { partial: newId(), refunded: newId(), disputed: newId(), disputeWon: newId() };

beforeAll(async () => {
  api = await startApi();
  const { db } = api.database;
  await seedDemoData(db);
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);

  const [pack] = await db
    .insert(products)
    .values({ name: 'Test pack', priceType: 'ONE_TIME', credits: 100, priceAmount: 1000 })
    .returning({ id: products.id });
  // Three to a microsecond, so the id must break ties.
  await db.insert(payments).values(
    Array.from({ length: paymentCount }, (_, i) => {
      const priceType = priceTypes[i % 4] ?? 'ONE_TIME';
      return {
        movementKey: `test:${i}`,
        priceAmount: 1000,
        originalPriceAmount: i % 3 === 0 ? 1100 : 1000,
        productPriceType: priceType,
        productId: pack?.id ?? null,
        stripePaymentIntentId: priceType === 'ONE_TIME' || priceType === 'SUBSCRIPTION' ? `pi_test_${i}` : null,
        appleTransactionId: priceType === 'APPLE_ONE_TIME' ? `apple-${i}` : null,
        googleTransactionId: priceType === 'GOOGLE_ONE_TIME' ? `GPA.${i}` : null,
        userId: people.fan.id,
        talentId: i % 2 === 0 ? people.talentA.id : people.talentB.id,
        isSandbox: i % 10 === 9,
        createdAt: sql`'2020-01-01T00:00:00.5Z'::timestamptz + ${Math.floor(i / 3)} * interval '1 microsecond'`,
      };
    }),
  );
  const at = (minute: number) => new Date(Date.UTC(2021, 0, 1, 0, minute));
  await db.insert(payments).values(
    Object.entries(ids).map(([name, id], index) => ({
      id,
      movementKey: `stripe:pi_status_${name}`,
      priceAmount: 1000,
      originalPriceAmount: 1000,
      productPriceType: 'ONE_TIME' as const,
      productId: pack?.id ?? null,
      stripePaymentIntentId: `pi_status_${name}`,
      userId: people.fan.id,
      talentId: people.talentA.id,
      createdAt: at(index),
    })),
  );
  const base = { userId: people.fan.id, talentId: people.talentA.id };
  const disputeId = newId();
  await db.insert(paymentLedger).values([
    ...Object.values(ids).map((paymentId, index) => ({
      ...base,
      key: `${paymentId}:purchase`,
      kind: 'PURCHASE' as const,
      paymentId,
      amount: 1000,
      paidCredits: 100,
      createdAt: at(index),
    })),
    {
      ...base,
      key: 'partial:refund',
      kind: 'REVERSAL',
      reason: 'REFUND',
      paymentId: ids.partial,
      amount: -500,
      paidCredits: -40,
      shortfallCredits: 10,
      grossMicroUsd: -1_000_000,
      netMicroUsd: -600_000,
      createdAt: at(10),
    },
    {
      ...base,
      key: 'refunded:refund',
      kind: 'REVERSAL',
      reason: 'REFUND',
      paymentId: ids.refunded,
      amount: -1000,
      createdAt: at(10),
    },
    {
      ...base,
      key: 'disputed:dispute',
      kind: 'REVERSAL',
      reason: 'DISPUTE',
      paymentId: ids.disputed,
      amount: -1000,
      createdAt: at(10),
    },
    {
      ...base,
      id: disputeId,
      key: 'won:dispute',
      kind: 'REVERSAL',
      reason: 'DISPUTE',
      paymentId: ids.disputeWon,
      amount: -1000,
      createdAt: at(10),
    },
    {
      ...base,
      key: 'won:reinstated',
      kind: 'REINSTATEMENT',
      reason: 'DISPUTE',
      reversesEntryId: disputeId,
      paymentId: ids.disputeWon,
      amount: 1000,
      createdAt: at(20),
    },
  ]);
});
afterAll(() => api?.close());

/** The expected order, from a plain ORDER BY in SQL (not the procedure's keyset query). */
async function expectedIds(showSandbox: boolean, priceType: AdminPaymentPriceTypeFilter = 'all'): Promise<string[]> {
  const conditions = [
    showSandbox ? 'true' : 'not is_sandbox',
    priceType === 'all' ? 'true' : `product_price_type = '${priceType}'`,
  ];
  const rows = await api.database.sql.unsafe<{ id: string }[]>(
    `select id from payments where ${conditions.join(' and ')} order by created_at desc, id desc`,
  );
  return rows.map((row) => row.id);
}

/** Follows nextCursor to the end, returning every page. */
async function allPages(input: { showSandbox?: boolean; priceType?: AdminPaymentPriceTypeFilter }) {
  const pages = [];
  let cursor: string | null = null;
  do {
    const page = await admin.client.admin.payments.list.query({ ...input, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
}

describe('admin.payments.list', () => {
  it('lists real payments newest first, sandbox ones hidden, 50 a page', async () => {
    const expected = await expectedIds(false);
    expect(expected.length).toBeGreaterThan(50);
    const pages = await allPages({});
    expect(pages.flatMap((page) => page.items.map((payment) => payment.id))).toEqual(expected);
    expect(pages).toHaveLength(Math.ceil(expected.length / 50));
    expect(pages[0]?.items).toHaveLength(50);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(pages.flatMap((page) => page.items).some((payment) => payment.isSandbox)).toBe(false);
    const dates = pages.flatMap((page) => page.items.map((payment) => payment.createdAt));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows sandbox payments too with showSandbox, in the same order', async () => {
    const expected = await expectedIds(true);
    const pages = await allPages({ showSandbox: true });
    const items = pages.flatMap((page) => page.items);
    expect(items.map((payment) => payment.id)).toEqual(expected);
    // The demo's sandbox purchase and ours.
    const sandbox = items.filter((payment) => payment.isSandbox);
    expect(sandbox).toHaveLength(sandboxCount + 1);
    expect(sandbox.every((payment) => payment.provider === 'sandbox')).toBe(true);
  });

  for (const priceType of priceTypes) {
    it(`lists only ${priceType} payments when asked`, async () => {
      const pages = await allPages({ priceType });
      const items = pages.flatMap((page) => page.items);
      expect(items.map((payment) => payment.id)).toEqual(await expectedIds(false, priceType));
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((payment) => payment.priceType === priceType && !payment.isSandbox)).toBe(true);
    });
  }

  it('shows the price, product, fan, twin, provider and the status the ledger gives', async () => {
    const first = await admin.client.admin.payments.list.query({});
    const byId = new Map(first.items.map((payment) => [payment.id, payment]));
    expect(byId.get(ids.partial)).toMatchObject({
      price: { amount: 1000, fractionDigits: 2, currency: 'USD' },
      originalPrice: { amount: 1000, fractionDigits: 2, currency: 'USD' },
      priceType: 'ONE_TIME',
      productName: 'Test pack',
      user: { id: people.fan.id, name: 'Fan', email: 'fan@test.dev', isAnonymous: false },
      talent: { id: people.talentA.id, name: 'Talent A', tag: 'talent_a' },
      isSandbox: false,
      provider: 'stripe',
      status: 'PARTIALLY_REFUNDED',
      reversedAmount: 500,
    });
    expect(byId.get(ids.refunded)).toMatchObject({ status: 'REFUNDED', reversedAmount: 1000 });
    expect(byId.get(ids.disputed)).toMatchObject({ status: 'DISPUTED', reversedAmount: 1000 });
    expect(byId.get(ids.disputeWon)).toMatchObject({ status: 'PAID', reversedAmount: 0 });
    // The demo's purchases: one of each provider, all paid.
    const demo = first.items.filter((payment) => payment.user?.id !== people.fan.id);
    expect(new Set(demo.map((payment) => payment.provider))).toEqual(new Set(['stripe', 'apple', 'google']));
    expect(demo.every((payment) => payment.status === 'PAID')).toBe(true);
    const discounted = demo.find((payment) => payment.originalPrice.amount !== payment.price.amount);
    expect(discounted).toMatchObject({ price: { amount: 5000 }, originalPrice: { amount: 5500 }, productName: '550 credits' });
  });

  it('refuses a made-up cursor and an unknown price type as bad input', async () => {
    const forged = Buffer.from(JSON.stringify(['createdAt', "2020'; drop table payments; --", 'x'])).toString('base64url');
    expect((await refusal(admin.client.admin.payments.list.query({ cursor: forged }))).code).toBe('BAD_REQUEST');
    expect((await refusal(admin.client.admin.payments.list.query({ priceType: 'FREE' as 'all' }))).code).toBe('BAD_REQUEST');
  });
});

describe('admin.payments.get', () => {
  it('shows the payment with its movements oldest first and the live Stripe dashboard link', async () => {
    const payment = await admin.client.admin.payments.get.query({ paymentId: ids.partial });
    expect(payment).toMatchObject({
      id: ids.partial,
      movementKey: 'stripe:pi_status_partial',
      productName: 'Test pack',
      productCredits: 100,
      status: 'PARTIALLY_REFUNDED',
      stripePaymentIntentId: 'pi_status_partial',
      stripeInvoiceId: null,
      appleTransactionId: null,
      googleTransactionId: null,
      stripeLinks: { paymentIntent: 'https://dashboard.stripe.com/payments/pi_status_partial', invoice: null },
      subscription: null,
      user: { id: people.fan.id },
      talent: { id: people.talentA.id, tag: 'talent_a' },
    });
    expect(payment.ledger).toMatchObject([
      { kind: 'PURCHASE', reason: null, amount: 1000, paidCredits: 100, shortfallCredits: 0 },
      {
        kind: 'REVERSAL',
        reason: 'REFUND',
        amount: -500,
        paidCredits: -40,
        shortfallCredits: 10,
        grossMicroUsd: -1_000_000,
        netMicroUsd: -600_000,
        referralMicroUsd: 0,
      },
    ]);
    const won = await admin.client.admin.payments.get.query({ paymentId: ids.disputeWon });
    expect(won.ledger.map((entry) => entry.kind)).toEqual(['PURCHASE', 'REVERSAL', 'REINSTATEMENT']);
    expect(won.ledger[2]?.reversesEntryId).toBe(won.ledger[1]?.id);
  });

  it('shows a subscription payment with its invoice link and subscription, and a store purchase with its transaction id', async () => {
    const [vip] = await api.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.movementKey, 'stripe:in_1DemoSamRiveraVip'));
    const subscription = await admin.client.admin.payments.get.query({ paymentId: vip?.id ?? '' });
    expect(subscription).toMatchObject({
      priceType: 'SUBSCRIPTION',
      provider: 'stripe',
      stripeLinks: {
        paymentIntent: 'https://dashboard.stripe.com/payments/pi_3DemoSamRivera0002',
        invoice: 'https://dashboard.stripe.com/invoices/in_1DemoSamRiveraVip',
      },
      subscription: { status: 'ACTIVE', endedAt: null },
    });
    expect(subscription.ledger).toHaveLength(1);

    const [apple] = await api.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.movementKey, 'apple:2000000512345678'));
    expect(await admin.client.admin.payments.get.query({ paymentId: apple?.id ?? '' })).toMatchObject({
      provider: 'apple',
      appleTransactionId: '2000000512345678',
      stripeLinks: { paymentIntent: null, invoice: null },
    });
  });

  it('answers NOT_FOUND "Payment not found" for an unknown payment', async () => {
    expect(await refusal(admin.client.admin.payments.get.query({ paymentId: newId() }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment not found',
    });
    expect((await refusal(admin.client.admin.payments.get.query({ paymentId: ' ' }))).code).toBe('BAD_REQUEST');
  });
});

describe('admin payments access', () => {
  it('refuses creators and fans (FORBIDDEN) and signed-out callers (UNAUTHORIZED)', async () => {
    const creator = await signIn(api, people.creatorA.email as string);
    const fan = await signIn(api, people.fan.email as string);
    for (const caller of [creator, fan]) {
      expect((await refusal(caller.client.admin.payments.list.query({}))).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.payments.get.query({ paymentId: ids.partial }))).code).toBe('FORBIDDEN');
    }
    const anonymous = createCaller(api);
    expect((await refusal(anonymous.client.admin.payments.list.query({}))).code).toBe('UNAUTHORIZED');
    expect((await refusal(anonymous.client.admin.payments.get.query({ paymentId: ids.partial }))).code).toBe('UNAUTHORIZED');
  });
});

describe('admin.payments.get on a server running Stripe in test mode', () => {
  let testApi: Api;
  let testAdmin: Caller;
  beforeAll(async () => {
    testApi = await startApi({
      env: { STRIPE_SECRET_KEY: 'sk_test_admin_payments', STRIPE_WEBHOOK_SECRET: 'whsec_admin_payments' },
    });
    const testPeople = await seedPeople(testApi);
    testAdmin = await signIn(testApi, testPeople.admin.email as string);
  });
  afterAll(() => testApi?.close());

  it("links Stripe's test-mode dashboard", async () => {
    const [payment] = await testApi.database.db
      .insert(payments)
      .values({
        movementKey: 'stripe:in_test_1',
        priceAmount: 999,
        originalPriceAmount: 999,
        productPriceType: 'SUBSCRIPTION',
        stripePaymentIntentId: 'pi_test_1',
        stripeInvoiceId: 'in_test_1',
      })
      .returning({ id: payments.id });
    expect((await testAdmin.client.admin.payments.get.query({ paymentId: payment?.id ?? '' })).stripeLinks).toEqual({
      paymentIntent: 'https://dashboard.stripe.com/test/payments/pi_test_1',
      invoice: 'https://dashboard.stripe.com/test/invoices/in_test_1',
    });
  });
});
