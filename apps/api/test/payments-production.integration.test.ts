// A production server without Stripe sells nothing (issue 25, item 1): the catalog says purchases
// are unavailable, no checkout opens, and a sandbox checkout left open (from a development run, or
// written by anyone) cannot be completed into free paid credits. PAYMENTS_SANDBOX=on brings the
// sandbox back on purpose; that server is checked too.
import { checkouts, paymentLedger, payments, products, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTalent } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, signIn, startApi } from './harness.ts';

// Production refuses the development outbox unless told; the fans here sign in through it.
const production = { NODE_ENV: 'production', DEV_OUTBOX: 'on' };

async function seed(api: Api, email: string) {
  const { db } = api.database;
  const [pack, vip] = await db
    .insert(products)
    .values([
      { name: '100 credits', priceType: 'ONE_TIME', credits: 100, priceAmount: 900 },
      { name: 'VIP (monthly)', priceType: 'SUBSCRIPTION', priceAmount: 999 },
    ])
    .returning();
  if (!pack || !vip) throw new Error('product seed failed');
  const twin = await createTalent(api, { subscriptionProductId: vip.id });
  const [user] = await db.insert(users).values({ email, name: 'Fan' }).returning();
  if (!user) throw new Error('fan seed failed');
  const fan = await signIn(api, email);
  return { packId: pack.id, vipId: vip.id, twin, fanId: user.id, fan };
}

describe('production without Stripe', () => {
  let api: Api;
  let setup: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    api = await startApi({ env: production });
    setup = await seed(api, 'prod-fan@test.dev');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('tells the fan that purchases are unavailable', async () => {
    const catalog = await setup.fan.client.payments.catalog.query({ talentId: setup.twin.talent.id });
    expect(catalog.provider).toBeNull();
  });

  it('opens no checkout, for a pack or the subscription, and stores none', async () => {
    for (const productId of [setup.packId, setup.vipId]) {
      const refused = await refusal(
        setup.fan.client.payments.checkout.mutate({
          productId,
          talentId: setup.twin.talent.id,
          returnPath: `/chat/${setup.twin.tag}`,
        }),
      );
      expect(refused).toMatchObject({
        code: 'PRECONDITION_FAILED',
        message: 'Purchases are not available on this server right now.',
      });
    }
    const opened = await api.database.db.select().from(checkouts).where(eq(checkouts.userId, setup.fanId));
    expect(opened).toHaveLength(0);
  });

  it('refuses to complete a sandbox checkout left open, and grants no credits', async () => {
    const [left] = await api.database.db
      .insert(checkouts)
      .values({
        provider: 'sandbox',
        mode: 'payment',
        userId: setup.fanId,
        talentId: setup.twin.talent.id,
        productId: setup.packId,
        returnPath: `/chat/${setup.twin.tag}`,
      })
      .returning();
    const refused = await refusal(setup.fan.client.payments.completeSandboxCheckout.mutate({ checkoutId: left?.id ?? '' }));
    expect(refused).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'The sandbox checkout is switched off on this server: nothing was charged.',
    });
    expect(await balanceOf(api, setup.fanId)).toMatchObject({ paidCredits: 0 });
    expect(await api.database.db.select().from(payments)).toHaveLength(0);
    expect(await api.database.db.select().from(paymentLedger)).toHaveLength(0);
    const [still] = await api.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, left?.id ?? ''));
    expect(still?.status).toBe('OPEN');
  });

  it('takes no Stripe webhooks', async () => {
    const answer = await fetch(`${api.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(answer.status).toBe(404);
  });
});

describe('production with PAYMENTS_SANDBOX=on', () => {
  let api: Api;
  let fan: Caller;
  let setup: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    api = await startApi({ env: { ...production, PAYMENTS_SANDBOX: 'on' } });
    setup = await seed(api, 'demo-fan@test.dev');
    fan = setup.fan;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('runs the sandbox the operator asked for', async () => {
    const catalog = await fan.client.payments.catalog.query({ talentId: setup.twin.talent.id });
    expect(catalog.provider).toBe('sandbox');
    const opened = await fan.client.payments.checkout.mutate({
      productId: setup.packId,
      talentId: setup.twin.talent.id,
      returnPath: `/chat/${setup.twin.tag}`,
    });
    const done = await fan.client.payments.completeSandboxCheckout.mutate({ checkoutId: opened.checkoutId });
    expect(done.status).toBe('COMPLETED');
    expect(await balanceOf(api, setup.fanId)).toMatchObject({ paidCredits: 100 });
  });
});
