// What each Stripe event means, end to end: checkouts opened with the real SDK, paid, renewed, refunded
// and disputed on the fake Stripe server, delivered signed to verifyWebhook, whose lookups (invoice,
// invoice payments) go back to the fake through the SDK.
import { type PaymentEvent, PaymentVerificationError } from '@doppel/domain/ports';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from '../testing/fake-stripe.ts';
import { creditPackCheckout, monthlySubscriptionCheckout } from '../testing/stripe-fixtures.ts';
import { createStripeCardPayments } from './stripe-card-payments.ts';

// The last day of January: the next periods end on the last day of February, then on March 31.
const NOW = new Date('2026-01-31T10:00:00Z');
const FEBRUARY_END = new Date('2026-02-28T10:00:00Z');
const MARCH_END = new Date('2026-03-31T10:00:00Z');

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe({ now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const payments = () => createStripeCardPayments({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, api: fake.api });

const meaningOf = async (event: FakeStripeEvent | undefined): Promise<PaymentEvent | undefined> => {
  if (!event) throw new Error('the fake sent no event');
  const { body, signature } = fake.sign(event);
  const verified = await payments().verifyWebhook(body, signature);
  expect(verified.eventId).toBe(event.id);
  expect(verified.events).toHaveLength(1);
  return verified.events[0];
};

const open = async (request = creditPackCheckout()) => (await payments().createCheckout(request)).externalId;

const paidCreditPack = async () => {
  const sessionId = await open();
  const [completed] = fake.pay(sessionId);
  const paymentIntentId = fake.checkoutSession(sessionId).payment_intent;
  if (!paymentIntentId) throw new Error('the fake left the session without a PaymentIntent');
  return { sessionId, completed, paymentIntentId };
};

const paidSubscription = async () => {
  const sessionId = await open(monthlySubscriptionCheckout());
  const [completed, invoicePaid] = fake.pay(sessionId);
  const { invoice, subscription } = fake.checkoutSession(sessionId);
  if (!invoice || !subscription) throw new Error('the fake left the session without invoice or subscription');
  return { sessionId, completed, invoicePaid, invoiceId: invoice, subscriptionId: subscription };
};

const paymentIntentOfInvoice = (invoiceId: string) =>
  [...fake.account.invoicePayments.values()].find((payment) => payment.invoiceId === invoiceId)?.paymentIntentId;

describe('credit packs', () => {
  it('books a paid checkout once under its PaymentIntent, with our ids and the price in minor units', async () => {
    const { completed, paymentIntentId } = await paidCreditPack();
    expect(paymentIntentId).toMatch(/^pi_/);
    expect(await meaningOf(completed)).toEqual({
      type: 'payment.succeeded',
      key: `stripe:${paymentIntentId}`,
      userId: 'user_fan',
      talentId: 'talent_mia',
      productId: 'prod_credits_50',
      checkoutId: 'chk_credits_1',
      price: { amount: 499, fractionDigits: 2, currency: 'USD' },
      ids: { stripePaymentIntentId: paymentIntentId },
      subscription: null,
      isSandbox: true,
    });
  });

  it('counts zero-decimal currencies with no fraction digits', async () => {
    const pack = creditPackCheckout();
    const sessionId = await open({
      ...pack,
      product: { ...pack.product, price: { amount: 500, fractionDigits: 0, currency: 'JPY' } },
    });
    const [completed] = fake.pay(sessionId);
    expect(await meaningOf(completed)).toMatchObject({ price: { amount: 500, fractionDigits: 0, currency: 'JPY' } });
  });

  it('waits for a delayed payment: nothing on completion, the payment when it succeeds', async () => {
    const sessionId = await open();
    const [completed] = fake.pay(sessionId, { asyncPayment: true });
    expect(await meaningOf(completed)).toMatchObject({ type: 'ignored', reason: expect.stringMatching(/not paid yet/) });
    const paymentIntentId = fake.checkoutSession(sessionId).payment_intent;
    expect(await meaningOf(fake.settleAsyncPayment(sessionId, 'succeeded'))).toMatchObject({
      type: 'payment.succeeded',
      key: `stripe:${paymentIntentId}`,
      checkoutId: 'chk_credits_1',
    });
  });

  it('closes the checkout as FAILED when the delayed payment fails, and as EXPIRED when never paid', async () => {
    const failedId = await open();
    fake.pay(failedId, { asyncPayment: true });
    expect(await meaningOf(fake.settleAsyncPayment(failedId, 'failed'))).toEqual({
      type: 'checkout.closed',
      checkoutId: 'chk_credits_1',
      outcome: 'FAILED',
    });
    const abandonedId = await open(creditPackCheckout({ checkoutId: 'chk_credits_2' }));
    expect(await meaningOf(fake.expire(abandonedId))).toEqual({
      type: 'checkout.closed',
      checkoutId: 'chk_credits_2',
      outcome: 'EXPIRED',
    });
  });

  it('ignores checkouts that Doppel did not create', async () => {
    const stripe = new Stripe(fake.secretKey, { ...fake.api, maxNetworkRetries: 0 });
    const foreign = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Mug' } } }],
    });
    const [completed] = fake.pay(foreign.id);
    expect(await meaningOf(completed)).toMatchObject({ type: 'ignored', reason: expect.stringMatching(/not created by Doppel/) });
  });
});

describe('subscriptions', () => {
  it('books the first invoice under one key whether checkout.session.completed or invoice.paid comes first', async () => {
    const { completed, invoicePaid, invoiceId, subscriptionId } = await paidSubscription();
    const paymentIntentId = paymentIntentOfInvoice(invoiceId);
    expect(invoiceId).toMatch(/^in_/);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(paymentIntentId).toMatch(/^pi_/);
    const expected = {
      type: 'payment.succeeded',
      key: `stripe:${invoiceId}`,
      userId: 'user_fan',
      talentId: 'talent_mia',
      productId: 'prod_mia_monthly',
      checkoutId: 'chk_sub_1',
      price: { amount: 999, fractionDigits: 2, currency: 'EUR' },
      ids: { stripeInvoiceId: invoiceId, stripePaymentIntentId: paymentIntentId },
      subscription: { externalId: subscriptionId, periodEnd: FEBRUARY_END },
      isSandbox: true,
    };
    expect(await meaningOf(invoicePaid)).toEqual(expected);
    expect(await meaningOf(completed)).toEqual(expected);
  });

  it('looks up the invoice (for its period) and its payments (for the PaymentIntent) through the API', async () => {
    const { completed, invoiceId } = await paidSubscription();
    await meaningOf(completed);
    expect(fake.requestsTo('GET', `/v1/invoices/${invoiceId}`)).toHaveLength(1);
    const [paymentsLookup] = fake.requestsTo('GET', '/v1/invoice_payments');
    expect(paymentsLookup?.query).toMatchObject({ invoice: invoiceId, status: 'paid' });
  });

  it('books each renewal under its own invoice with the new period end and no checkout', async () => {
    const { subscriptionId } = await paidSubscription();
    const renewal = fake.renew(subscriptionId);
    const renewalInvoiceId = renewal.data.object.id;
    expect(await meaningOf(renewal)).toEqual({
      type: 'payment.succeeded',
      key: `stripe:${renewalInvoiceId}`,
      userId: 'user_fan',
      talentId: 'talent_mia',
      productId: 'prod_mia_monthly',
      checkoutId: null,
      price: { amount: 999, fractionDigits: 2, currency: 'EUR' },
      ids: { stripeInvoiceId: renewalInvoiceId, stripePaymentIntentId: paymentIntentOfInvoice(renewalInvoiceId) },
      subscription: { externalId: subscriptionId, periodEnd: MARCH_END },
      isSandbox: true,
    });
  });

  it('ends the subscription when Stripe deletes it', async () => {
    const { subscriptionId } = await paidSubscription();
    expect(await meaningOf(fake.cancelSubscription(subscriptionId))).toEqual({
      type: 'subscription.ended',
      externalId: subscriptionId,
      endedAt: NOW,
    });
  });

  it('answers an API failure while mapping with a plain error, so the delivery is retried', async () => {
    const { completed } = await paidSubscription();
    fake.failNext({ method: 'GET', path: /^\/v1\/invoices\// });
    const { body, signature } = fake.sign(completed as FakeStripeEvent);
    const error = await payments()
      .verifyWebhook(body, signature)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentVerificationError);
    expect((error as Error).message).toMatch(/^Stripe could not retrieve invoice in_\w+: An unknown error occurred/);
  });
});

describe('refunds and disputes', () => {
  it('reverses each partial refund by the cumulative amount refunded on the charge', async () => {
    const { paymentIntentId } = await paidCreditPack();
    const chargeId = fake.account.paymentIntents.get(paymentIntentId)?.chargeId;
    expect(await meaningOf(fake.refund(paymentIntentId, 200))).toEqual({
      type: 'payment.reversed',
      key: `stripe:refund:${chargeId}:200`,
      payment: { stripePaymentIntentId: paymentIntentId },
      reason: 'REFUND',
      amount: 200,
    });
    expect(await meaningOf(fake.refund(paymentIntentId))).toMatchObject({ key: `stripe:refund:${chargeId}:499`, amount: 499 });
  });

  it('refunds a subscription payment through the PaymentIntent of its invoice', async () => {
    const { invoiceId } = await paidSubscription();
    const paymentIntentId = paymentIntentOfInvoice(invoiceId) ?? '';
    expect(await meaningOf(fake.refund(paymentIntentId))).toMatchObject({
      payment: { stripePaymentIntentId: paymentIntentId },
      amount: 999,
    });
  });

  it('reverses a dispute, gives it back when won and keeps the reversal when lost', async () => {
    const { paymentIntentId } = await paidCreditPack();
    const created = fake.dispute(paymentIntentId);
    const disputeId = created.data.object.id;
    expect(disputeId).toMatch(/^dp_/);
    expect(await meaningOf(created)).toEqual({
      type: 'payment.reversed',
      key: `stripe:dispute:${disputeId}`,
      payment: { stripePaymentIntentId: paymentIntentId },
      reason: 'DISPUTE',
      amount: 499,
    });
    expect(await meaningOf(fake.closeDispute(disputeId, 'won'))).toEqual({
      type: 'payment.reinstated',
      key: `stripe:dispute-won:${disputeId}`,
      reversalKey: `stripe:dispute:${disputeId}`,
      payment: { stripePaymentIntentId: paymentIntentId },
    });

    const lost = fake.dispute(paymentIntentId);
    expect(await meaningOf(fake.closeDispute(lost.data.object.id, 'lost'))).toMatchObject({ type: 'ignored' });
  });

  it('takes nothing back for an inquiry, which withdraws no funds', async () => {
    const { paymentIntentId } = await paidCreditPack();
    expect(await meaningOf(fake.dispute(paymentIntentId, { inquiry: true }))).toMatchObject({
      type: 'ignored',
      reason: expect.stringMatching(/inquiry/),
    });
  });
});
