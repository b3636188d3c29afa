// A creator sets the twin's monthly subscription price (talent.update subscriptionPriceCents), over
// real HTTP, inside the limits the admins keep on the App page. A price outside them is refused on
// its field with the allowed range and changes nothing; a new price is a new product the next
// checkout charges (the sandbox here, Stripe below), while a fan already subscribed keeps renewing
// at the price they bought.
import { appConfigs, checkouts, defaultAppId, payments, products, subscriptions, talents, users } from '@doppel/db';
import { type FakeStripe, startFakeStripe } from '@doppel/integrations/testing';
import { type AdminAppUpdateInput, subscriptionPriceMessages } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

const oldPrice = 999;

async function seedSubscription(api: Api, name: string) {
  const [vip] = await api.database.db
    .insert(products)
    .values({ name, priceType: 'SUBSCRIPTION', priceAmount: oldPrice })
    .returning();
  if (!vip) throw new Error('product seed failed');
  return vip.id;
}

async function twinRow(api: Api, talentId: string) {
  const [row] = await api.database.db.select().from(talents).where(eq(talents.id, talentId));
  if (!row) throw new Error('no twin');
  return row;
}

/** A complete App page save; only the subscription limits matter here. */
const appSettings: Omit<AdminAppUpdateInput, 'subscriptionPriceMinCents' | 'subscriptionPriceMaxCents'> = {
  chatPromptTemplate: 'You are {{name}}.',
  chatPromptTemplateForFaq: 'You are {{name}}. Answer from: {{faq}}',
  talentChatPromptTemplate: 'You are talking with {{name}}.',
  referralRevenueShare: 0.03,
  llmFunctionTemperature: 0,
  functionSchemaConfig: {
    generateImageAttachment: {
      name: 'generate_image_attachment',
      description: 'Send a photo.',
      contextDescription: 'What it shows.',
      successTextDescription: 'A caption.',
      failureTextDescription: 'When there is none.',
    },
    generateAudioAttachment: {
      name: 'generate_audio_attachment',
      description: 'Send a voice note.',
      successTextDescription: 'The words said.',
      failureTextDescription: 'When you cannot.',
    },
  },
  voices: [],
  minVersion: { talent: '0.0.0' },
  emptyChatMessageText: '',
};

const productsOf = (api: Api) => api.database.db.select().from(products);

describe('with the sandbox checkout', () => {
  let api: Api;
  let admin: Caller;
  let creator: Caller;
  let otherCreator: Caller;
  let subscriber: Caller;
  let newFan: Caller;
  let talentId: string;
  let talentTag: string;
  let vipId: string;

  beforeAll(async () => {
    api = await startApi();
    const people = await seedPeople(api);
    vipId = await seedSubscription(api, 'Twin VIP (monthly)');
    const twin = await createTalent(api, { subscriptionProductId: vipId, managerIds: [people.creatorA.id] });
    talentId = twin.talent.id;
    talentTag = twin.tag;
    await api.database.db.insert(users).values([
      { email: 'subscriber@test.dev', name: 'Subscriber' },
      { email: 'new-fan@test.dev', name: 'New fan' },
    ]);
    admin = await signIn(api, people.admin.email as string);
    creator = await signIn(api, people.creatorA.email as string);
    otherCreator = await signIn(api, people.creatorB.email as string);
    subscriber = await signIn(api, 'subscriber@test.dev');
    newFan = await signIn(api, 'new-fan@test.dev');
  });
  afterAll(async () => {
    await api?.close();
  });

  async function subscribe(fan: Caller) {
    const catalog = await fan.client.payments.catalog.query({ talentId });
    if (!catalog.subscription) throw new Error('the twin sells no subscription');
    const opened = await fan.client.payments.checkout.mutate({
      productId: catalog.subscription.productId,
      talentId,
      returnPath: `/chat/${talentTag}`,
    });
    await fan.client.payments.completeSandboxCheckout.mutate({ checkoutId: opened.checkoutId });
    return { productId: catalog.subscription.productId, checkoutId: opened.checkoutId };
  }

  it('shows the creator the current price and the default limits of $4.99 to $49.99', async () => {
    const settings = await creator.client.talent.get.query({ talentId });
    expect(settings.subscriptionPriceCents).toBe(oldPrice);
    expect(settings.subscriptionPriceLimits).toEqual({ minCents: 499, maxCents: 4_999 });
  });

  it('refuses a price outside the limits on its field, naming the range, and changes nothing', async () => {
    const before = { twin: await twinRow(api, talentId), products: await productsOf(api) };
    for (const cents of [498, 5_000, 100]) {
      const refused = await refusal(
        creator.client.talent.update.mutate({ talentId, subscriptionPriceCents: cents, creditsToSendMessage: 7 }),
      );
      expect(refused.code).toBe('BAD_REQUEST');
      expect(refused.fieldErrors).toEqual({ subscriptionPriceCents: ['Choose a price between $4.99 and $49.99'] });
    }
    const malformed: Array<[unknown, string]> = [
      [9.5, subscriptionPriceMessages.wholeCents],
      [0, subscriptionPriceMessages.positive],
      ['', 'Required'],
    ];
    for (const [value, message] of malformed) {
      const refused = await refusal(
        // biome-ignore lint/suspicious/noExplicitAny: invalid inputs are sent on purpose.
        creator.client.talent.update.mutate({ talentId, subscriptionPriceCents: value } as any),
      );
      expect(refused.fieldErrors, String(value)).toEqual({ subscriptionPriceCents: [message] });
    }
    expect(await twinRow(api, talentId)).toEqual(before.twin);
    expect(await productsOf(api)).toEqual(before.products);
  });

  it('refuses a creator who does not manage the twin, changing nothing', async () => {
    const before = await productsOf(api);
    const refused = await refusal(otherCreator.client.talent.update.mutate({ talentId, subscriptionPriceCents: 1_499 }));
    expect(refused.code).toBe('FORBIDDEN');
    expect((await twinRow(api, talentId)).subscriptionProductId).toBe(vipId);
    expect(await productsOf(api)).toEqual(before);
  });

  it('sells the next subscription at the new price and leaves a fan already subscribed on theirs', async () => {
    const { db } = api.database;
    const first = await subscribe(subscriber);
    expect(first.productId).toBe(vipId);

    const saved = await creator.client.talent.update.mutate({ talentId, subscriptionPriceCents: 1_499 });
    expect(saved.subscriptionPriceCents).toBe(1_499);

    const twin = await twinRow(api, talentId);
    expect(twin.subscriptionProductId).not.toBe(vipId);
    const [created] = await db
      .select()
      .from(products)
      .where(eq(products.id, twin.subscriptionProductId ?? ''));
    // No provider price yet: the next Stripe checkout prices it from the amount.
    expect(created).toMatchObject({
      name: 'Twin VIP (monthly)',
      priceType: 'SUBSCRIPTION',
      priceAmount: 1_499,
      currency: 'USD',
      externalId: null,
    });
    const [old] = await db.select().from(products).where(eq(products.id, vipId));
    expect(old).toMatchObject({ priceAmount: oldPrice, isActive: true });

    const catalog = await newFan.client.payments.catalog.query({ talentId });
    expect(catalog.subscription).toMatchObject({ productId: created?.id, price: { amount: 1_499, currency: 'USD' } });
    const next = await subscribe(newFan);
    const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, next.checkoutId));
    expect(checkout).toMatchObject({ productId: created?.id, priceAmount: 1_499, status: 'COMPLETED' });
    const [paid] = await db.select().from(payments).where(eq(payments.checkoutId, next.checkoutId));
    expect(paid).toMatchObject({ priceAmount: 1_499, problem: null, productId: created?.id });

    // The earlier subscription keeps its product, so it renews at 9.99.
    const [kept] = await db.select().from(subscriptions).where(eq(subscriptions.productId, vipId));
    expect(kept).toMatchObject({ status: 'ACTIVE' });
    const [firstPayment] = await db.select().from(payments).where(eq(payments.checkoutId, first.checkoutId));
    expect(firstPayment?.priceAmount).toBe(oldPrice);

    // The old product is no longer on sale in this chat.
    const stale = await refusal(
      newFan.client.payments.checkout.mutate({ productId: vipId, talentId, returnPath: `/chat/${talentTag}` }),
    );
    expect(stale).toMatchObject({ code: 'NOT_FOUND', message: 'This product is not on sale.' });
  });

  it('makes no new product when the price stays the same', async () => {
    const before = await productsOf(api);
    const productId = (await twinRow(api, talentId)).subscriptionProductId;
    await creator.client.talent.update.mutate({ talentId, subscriptionPriceCents: 1_499, creditsToSendMessage: 2 });
    expect(await productsOf(api)).toHaveLength(before.length);
    expect(await twinRow(api, talentId)).toMatchObject({ subscriptionProductId: productId, creditsToSendMessage: 2 });
  });

  it('holds the creator to the limits the admins save', async () => {
    await admin.client.admin.app.update.mutate({
      ...appSettings,
      subscriptionPriceMinCents: 999,
      subscriptionPriceMaxCents: 1_999,
    });
    const [config] = await api.database.db.select().from(appConfigs).where(eq(appConfigs.id, defaultAppId));
    expect(config).toMatchObject({ subscriptionPriceMinCents: 999, subscriptionPriceMaxCents: 1_999 });

    expect((await creator.client.talent.get.query({ talentId })).subscriptionPriceLimits).toEqual({
      minCents: 999,
      maxCents: 1_999,
    });
    const refused = await refusal(creator.client.talent.update.mutate({ talentId, subscriptionPriceCents: 2_499 }));
    expect(refused.fieldErrors).toEqual({ subscriptionPriceCents: ['Choose a price between $9.99 and $19.99'] });
    expect((await creator.client.talent.update.mutate({ talentId, subscriptionPriceCents: 1_999 })).subscriptionPriceCents).toBe(
      1_999,
    );
  });

  it('lets a creator whose twin sells no subscription start one', async () => {
    const people = await api.database.db.select().from(users).where(eq(users.email, 'creator-a@test.dev'));
    const fresh = await createTalent(api, { managerIds: people.map((person) => person.id) });
    expect((await creator.client.talent.get.query({ talentId: fresh.talent.id })).subscriptionPriceCents).toBeNull();
    const saved = await creator.client.talent.update.mutate({ talentId: fresh.talent.id, subscriptionPriceCents: 1_200 });
    expect(saved.subscriptionPriceCents).toBe(1_200);
    const catalog = await newFan.client.payments.catalog.query({ talentId: fresh.talent.id });
    expect(catalog.subscription?.price.amount).toBe(1_200);
  });
});

describe('with Stripe', () => {
  let api: Api;
  let stripe: FakeStripe;
  let creator: Caller;
  let subscriber: Caller;
  let newFan: Caller;
  let talentId: string;
  let vipId: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    api = await startApi({
      env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.origin },
    });
    const people = await seedPeople(api);
    vipId = await seedSubscription(api, 'Twin VIP (monthly)');
    const twin = await createTalent(api, { subscriptionProductId: vipId, managerIds: [people.creatorA.id] });
    talentId = twin.talent.id;
    await api.database.db.insert(users).values([
      { email: 'stripe-subscriber@test.dev', name: 'Subscriber' },
      { email: 'stripe-new-fan@test.dev', name: 'New fan' },
    ]);
    creator = await signIn(api, people.creatorA.email as string);
    subscriber = await signIn(api, 'stripe-subscriber@test.dev');
    newFan = await signIn(api, 'stripe-new-fan@test.dev');
  });
  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  async function deliver(event: ReturnType<FakeStripe['renew']>) {
    const signed = stripe.sign(event);
    const answer = await fetch(`${api.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      body: signed.body,
    });
    expect(answer.status).toBe(200);
  }

  async function subscribeThroughStripe(fan: Caller) {
    const catalog = await fan.client.payments.catalog.query({ talentId });
    const opened = await fan.client.payments.checkout.mutate({
      productId: catalog.subscription?.productId ?? '',
      talentId,
      returnPath: '/chat/twin',
    });
    const sessionId = new URL(opened.url).pathname.split('/').pop() ?? '';
    const session = stripe.account.sessions.get(sessionId);
    if (!session) throw new Error('no Stripe session');
    for (const event of stripe.pay(sessionId)) await deliver(event);
    return { session, subscriptionId: stripe.account.sessions.get(sessionId)?.subscriptionId ?? '' };
  }

  it('charges the next checkout the new price and renews the earlier subscription at its own', async () => {
    const { db } = api.database;
    const first = await subscribeThroughStripe(subscriber);
    expect(first.session.amount).toBe(oldPrice);

    await creator.client.talent.update.mutate({ talentId, subscriptionPriceCents: 1_499 });

    const next = await subscribeThroughStripe(newFan);
    expect(next.session.amount).toBe(1_499);

    await deliver(stripe.renew(first.subscriptionId));
    const [kept] = await db.select().from(subscriptions).where(eq(subscriptions.externalId, first.subscriptionId));
    expect(kept).toMatchObject({ productId: vipId, status: 'ACTIVE' });
    const booked = await db.select().from(payments).where(eq(payments.productId, vipId));
    // The first month and its renewal, both at 9.99 and neither flagged as the wrong amount.
    expect(booked.map((payment) => [payment.priceAmount, payment.problem])).toEqual([
      [oldPrice, null],
      [oldPrice, null],
    ]);
    const newPayments = await db.select().from(payments).where(eq(payments.priceAmount, 1_499));
    expect(newPayments.map((payment) => payment.problem)).toEqual([null]);
  });
});
