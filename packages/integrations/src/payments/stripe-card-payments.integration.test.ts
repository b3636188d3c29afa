// The real `stripe` SDK against the local fake Stripe server: checkout sessions, signed webhooks and
// what every Stripe event we handle means (no database needed).
import { PaymentVerificationError } from '@doppel/domain/ports';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from '../testing/fake-stripe.ts';
import { creditPackCheckout, monthlySubscriptionCheckout } from '../testing/stripe-fixtures.ts';
import { createStripeCardPayments } from './stripe-card-payments.ts';

const NOW = new Date('2026-01-31T10:00:00Z');
const creditPack = creditPackCheckout;
const monthly = monthlySubscriptionCheckout;

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe({ now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const payments = () => createStripeCardPayments({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, api: fake.api });

const deliver = async (event: FakeStripeEvent) => {
  const { body, signature } = fake.sign(event);
  return payments().verifyWebhook(body, signature);
};

const refusal = async (promise: Promise<unknown>): Promise<Error> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

describe('createCheckout', () => {
  it('opens a payment-mode session with inline price data and our ids as metadata, also on the PaymentIntent', async () => {
    const port = payments();
    expect(port.provider).toBe('stripe');
    expect(port.isTestMode).toBe(true);
    const checkout = await port.createCheckout(creditPack());

    expect(checkout.externalId).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(fake.checkoutSession(checkout.externalId).url);
    const [sent] = fake.requestsTo('POST', '/v1/checkout/sessions');
    const metadata = { userId: 'user_fan', talentId: 'talent_mia', productId: 'prod_credits_50', checkoutId: 'chk_credits_1' };
    expect(sent?.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent?.stripeVersion).toBe(Stripe.API_VERSION);
    expect(sent?.idempotencyKey).toBe('doppel-checkout-chk_credits_1');
    expect(sent?.body).toEqual({
      mode: 'payment',
      client_reference_id: 'user_fan',
      customer_email: 'fan@example.com',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '499', product_data: { name: '50 credits' } } }],
      metadata,
      payment_intent_data: { metadata },
      success_url: 'https://doppel.test/checkout/done',
      cancel_url: 'https://doppel.test/chat/mia',
    });
  });

  it('opens a subscription with a monthly inline price, metadata on the subscription, no talent or email when absent', async () => {
    await payments().createCheckout(monthly({ talentId: null, email: null }));
    const [sent] = fake.requestsTo('POST', '/v1/checkout/sessions');
    const metadata = { userId: 'user_fan', productId: 'prod_mia_monthly', checkoutId: 'chk_sub_1' };
    expect(sent?.body).toEqual({
      mode: 'subscription',
      client_reference_id: 'user_fan',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '999',
            product_data: { name: 'Mia monthly' },
            recurring: { interval: 'month' },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: 'https://doppel.test/checkout/done',
      cancel_url: 'https://doppel.test/chat/mia',
    });
  });

  it('uses the Stripe price of a product that has one, in both modes', async () => {
    fake.addPrice({ id: 'price_credits_50', unitAmount: 499 });
    fake.addPrice({ id: 'price_mia_monthly', unitAmount: 999, currency: 'eur', interval: 'month' });
    const pack = creditPack();
    await payments().createCheckout({ ...pack, product: { ...pack.product, externalId: 'price_credits_50' } });
    const sub = monthly();
    await payments().createCheckout({ ...sub, product: { ...sub.product, externalId: 'price_mia_monthly' } });

    const [packSent, subSent] = fake.requestsTo('POST', '/v1/checkout/sessions');
    expect(packSent?.body.line_items).toEqual([{ price: 'price_credits_50', quantity: '1' }]);
    expect(subSent?.body.line_items).toEqual([{ price: 'price_mia_monthly', quantity: '1' }]);
  });

  it('is refused with a wrong key, and the error does not repeat the key', async () => {
    const wrongKey = 'sk_test_wrong_key_0123456789';
    const port = createStripeCardPayments({ secretKey: wrongKey, webhookSecret: fake.webhookSecret, api: fake.api });
    const error = await refusal(port.createCheckout(creditPack()));
    expect(error.message).toMatch(/Stripe could not create the checkout session of checkout chk_credits_1: Invalid API Key/);
    expect(error.message).not.toContain(wrongKey);
    expect(error).not.toBeInstanceOf(PaymentVerificationError);
  });

  it('says a live key is live money and surfaces Stripe refusing an unknown price', async () => {
    const live = createStripeCardPayments({ secretKey: 'sk_live_123', webhookSecret: 'whsec_x', api: fake.api });
    expect(live.isTestMode).toBe(false);
    const pack = creditPack();
    const error = await refusal(payments().createCheckout({ ...pack, product: { ...pack.product, externalId: 'price_gone' } }));
    expect(error.message).toContain("No such price: 'price_gone'");
  });

  it('charges zero-decimal currencies in whole units', async () => {
    const pack = creditPack();
    await payments().createCheckout({
      ...pack,
      product: { ...pack.product, price: { amount: 50000, fractionDigits: 2, currency: 'JPY' } },
    });
    const [sent] = fake.requestsTo('POST', '/v1/checkout/sessions');
    expect(sent?.body.line_items).toEqual([
      { quantity: '1', price_data: { currency: 'jpy', unit_amount: '500', product_data: { name: '50 credits' } } },
    ]);
  });
});

describe('verifyWebhook: signatures', () => {
  const signedEvent = () => fake.event('customer.created', { id: 'cus_Fan123', object: 'customer' });

  it('accepts a delivery signed with the webhook secret and keeps the payload', async () => {
    const event = signedEvent();
    const verified = await deliver(event);
    expect(verified).toEqual({
      provider: 'stripe',
      eventId: event.id,
      eventType: 'customer.created',
      payload: event,
      events: [{ type: 'ignored', reason: 'Stripe customer.created moves no money we track' }],
    });
    expect(event.id).toMatch(/^evt_/);
  });

  const refusedWith = async (body: Buffer, signature: string | undefined, pattern: RegExp) => {
    const error = await refusal(payments().verifyWebhook(body, signature));
    expect(error).toBeInstanceOf(PaymentVerificationError);
    expect(error.message).toMatch(pattern);
    expect(error.message).not.toContain(fake.webhookSecret);
  };

  it('refuses a tampered body', async () => {
    const { body, signature } = fake.sign(signedEvent());
    const tampered = Buffer.from(body.toString().replace('cus_Fan123', 'cus_Evil999'));
    await refusedWith(tampered, signature, /No signatures found matching the expected signature/);
  });

  it('refuses a delivery signed with another secret', async () => {
    const { body, signature } = fake.sign(signedEvent(), 'whsec_someone_else');
    await refusedWith(body, signature, /No signatures found matching/);
  });

  it('refuses a delivery without the Stripe-Signature header', async () => {
    await refusedWith(fake.sign(signedEvent()).body, undefined, /Stripe-Signature header is missing/);
  });

  it('refuses a replayed delivery signed more than five minutes ago', async () => {
    const { body, signature } = fake.sign(signedEvent(), fake.webhookSecret, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    await refusedWith(body, signature, /Timestamp outside the tolerance zone/);
  });

  it('refuses a correctly signed body that is not JSON', async () => {
    const payload = 'not json';
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret, timestamp });
    await refusedWith(Buffer.from(payload), signature, /not valid JSON/);
  });
});

describe('giving a payment back', () => {
  it('cancels a subscription at once, and leaves one already cancelled as it is', async () => {
    const port = payments();
    const { externalId } = await port.createCheckout(monthly());
    fake.pay(externalId);
    const subscriptionId = fake.checkoutSession(externalId).subscription ?? '';
    await port.cancelSubscription(subscriptionId);
    expect(fake.subscription(subscriptionId).status).toBe('canceled');
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    await port.cancelSubscription(subscriptionId);
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it('refunds a whole payment once, however often asked', async () => {
    const port = payments();
    const { externalId } = await port.createCheckout(creditPack());
    fake.pay(externalId);
    const paymentIntentId = fake.checkoutSession(externalId).payment_intent ?? '';
    await port.refundPayment(paymentIntentId);
    await port.refundPayment(paymentIntentId);
    const [sent] = fake.requestsTo('POST', '/v1/refunds');
    expect(sent?.body).toMatchObject({ payment_intent: paymentIntentId, reason: 'duplicate' });
    expect(sent?.idempotencyKey).toBe(`doppel-refund-${paymentIntentId}`);
    const chargeId = fake.account.paymentIntents.get(paymentIntentId)?.chargeId ?? '';
    expect(fake.account.charges.get(chargeId)?.refunds.map((refund) => refund.amount)).toEqual([499]);
    // Past Stripe's idempotency window the request is new; a charge with nothing left is done all the same.
    fake.reset();
    const again = await port.createCheckout(creditPack());
    fake.pay(again.externalId);
    const intent = fake.checkoutSession(again.externalId).payment_intent ?? '';
    fake.refund(intent);
    await expect(port.refundPayment(intent)).resolves.toBeUndefined();
  });

  it('answers a failed refund with a plain error, so the delivery asking for it is retried', async () => {
    const port = payments();
    const { externalId } = await port.createCheckout(creditPack());
    fake.pay(externalId);
    const paymentIntentId = fake.checkoutSession(externalId).payment_intent ?? '';
    fake.failNext({ method: 'POST', path: '/v1/refunds' });
    const error = await refusal(port.refundPayment(paymentIntentId));
    expect(error).not.toBeInstanceOf(PaymentVerificationError);
    expect(error.message).toMatch(new RegExp(`^Stripe could not refund payment ${paymentIntentId}`));
  });
});
