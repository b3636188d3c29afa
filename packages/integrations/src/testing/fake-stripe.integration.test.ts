// The fake Stripe server speaks Stripe's protocol to the real SDK: form encoding, errors, idempotency.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { parseStripeForm } from './fake-stripe-form.ts';

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe(fake.secretKey, { ...fake.api, maxNetworkRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const mug: Stripe.Checkout.SessionCreateParams = {
  mode: 'payment',
  line_items: [{ quantity: 2, price_data: { currency: 'usd', unit_amount: 1250, product_data: { name: 'Mug & "cup"' } } }],
  metadata: { note: 'a+b=c?' },
};

describe('fake Stripe', () => {
  it('parses nested form keys, indexed and appended arrays and escaped values', () => {
    expect(parseStripeForm('a[b][0][c]=1&a[b][1][c]=2&expand[]=x&expand[]=y&m[k%20y]=v%26w+z')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      expand: ['x', 'y'],
      m: { 'k y': 'v&w z' },
    });
  });

  it('opens a session from what the SDK sends, with amounts computed from the line items', async () => {
    const session = await stripe.checkout.sessions.create(mug);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'usd',
      metadata: { note: 'a+b=c?' },
      url: `${fake.origin}/c/pay/${session.id}`,
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
  });

  it('replays a request with the same idempotency key and refuses the key for other parameters', async () => {
    const first = await stripe.checkout.sessions.create(mug, { idempotencyKey: 'key-1' });
    const again = await stripe.checkout.sessions.create(mug, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    const other = stripe.checkout.sessions.create({ ...mug, metadata: { note: 'other' } }, { idempotencyKey: 'key-1' });
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('answers errors in Stripe shape, which the SDK turns into its error classes', async () => {
    const missing = await stripe.invoices.retrieve('in_nope').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such invoice: 'in_nope'" });

    const recurringInPaymentMode = fake.addPrice({ unitAmount: 500, interval: 'month' });
    const refused = stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: recurringInPaymentMode.id, quantity: 1 }],
    });
    await expect(refused).rejects.toThrow('You specified `payment` mode but passed a recurring price.');

    const noKey = new Stripe('sk_test_other', { ...fake.api, maxNetworkRetries: 0 });
    await expect(noKey.checkout.sessions.create(mug)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('lists the payments of one invoice', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ quantity: 1, price: fake.addPrice({ unitAmount: 900, interval: 'month' }).id }],
    });
    fake.pay(session.id);
    const invoiceId = String(fake.checkoutSession(session.id).invoice);
    fake.pay((await stripe.checkout.sessions.create(mug)).id);

    const payments = await stripe.invoicePayments.list({ invoice: invoiceId });
    expect(payments.data).toHaveLength(1);
    expect(payments.data[0]).toMatchObject({ object: 'invoice_payment', invoice: invoiceId, amount_paid: 900, status: 'paid' });
    expect(payments.data[0]?.id).toMatch(/^inpay_/);
    expect((await stripe.invoicePayments.list({ invoice: 'in_other' })).data).toEqual([]);
  });
});
