// The mapping of Stripe events to PaymentEvents, on objects from the fake Stripe account (no HTTP):
// the corners the end-to-end test does not reach, and which lookups each event needs.
import type Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeStripeAccount, type FakeStripeAccount } from '../testing/fake-stripe-account.ts';
import { asStripeEvent, type FakeStripeEvent, findRecord } from '../testing/fake-stripe-objects.ts';
import { renderInvoice, renderSubscription } from '../testing/fake-stripe-render.ts';
import { mapStripeEvent, type StripeEventContext } from './stripe-events.ts';

const NOW = new Date('2026-03-10T08:00:00Z');
const metadata = { userId: 'user_fan', talentId: 'talent_mia', productId: 'prod_x', checkoutId: 'chk_1' };

let account: FakeStripeAccount;
let lookups: string[];
let context: StripeEventContext;
beforeEach(() => {
  account = createFakeStripeAccount({ now: () => NOW, checkoutUrl: (id) => `http://fake/c/pay/${id}` });
  lookups = [];
  context = {
    retrieveInvoice: async (id) => {
      lookups.push(`invoice ${id}`);
      return JSON.parse(JSON.stringify(renderInvoice(findRecord(account.invoices, id, 'invoice'))));
    },
    findInvoicePaymentIntent: async (id) => {
      lookups.push(`payments ${id}`);
      return [...account.invoicePayments.values()].find((payment) => payment.invoiceId === id)?.paymentIntentId ?? null;
    },
    retrieveSubscription: async (id) => {
      lookups.push(`subscription ${id}`);
      return JSON.parse(JSON.stringify(renderSubscription(findRecord(account.subscriptions, id, 'subscription'))));
    },
    now: () => NOW,
  };
});

const session = (mode: 'payment' | 'subscription', sessionMetadata: Record<string, string> = metadata) =>
  account.createSession({
    mode,
    client_reference_id: 'user_from_reference',
    line_items: [
      {
        quantity: '1',
        price_data: {
          currency: 'usd',
          unit_amount: '999',
          product_data: { name: 'Thing' },
          ...(mode === 'subscription' ? { recurring: { interval: 'month' } } : {}),
        },
      },
    ],
    metadata: sessionMetadata,
    ...(mode === 'payment'
      ? { payment_intent_data: { metadata: sessionMetadata } }
      : { subscription_data: { metadata: sessionMetadata } }),
  });

/** A session paid at once: the fake account's record of it. */
const paid = (mode: 'payment' | 'subscription') => {
  const { id } = session(mode);
  account.pay(id);
  return findRecord(account.sessions, id, 'checkout.session');
};

/** The event with fields of its object replaced, as the SDK would hand it over. */
const changed = (event: FakeStripeEvent | undefined, changes: Record<string, unknown> = {}, livemode = false): Stripe.Event => {
  if (!event) throw new Error('no event');
  return asStripeEvent({ ...event, livemode, data: { object: { ...event.data.object, ...changes } } });
};

const map = async (event: Stripe.Event) => {
  const [meaning, ...rest] = await mapStripeEvent(event, context);
  expect(rest).toEqual([]);
  return meaning;
};

describe('mapStripeEvent', () => {
  it('reads the invoice period from the invoice.paid payload and only looks up its PaymentIntent', async () => {
    const [, invoicePaid] = account.pay(session('subscription').id);
    const meaning = await map(changed(invoicePaid));
    expect(meaning).toMatchObject({ type: 'payment.succeeded', subscription: { periodEnd: new Date('2026-04-10T08:00:00Z') } });
    expect(lookups).toEqual([`payments ${invoicePaid?.data.object.id}`]);
  });

  it('retrieves the invoice when the payload lists only part of its lines', async () => {
    const [, invoicePaid] = account.pay(session('subscription').id);
    const lines = { object: 'list', data: [], has_more: true, url: '/v1/invoices/x/lines' };
    await map(changed(invoicePaid, { lines }));
    expect(lookups).toEqual([`invoice ${invoicePaid?.data.object.id}`, `payments ${invoicePaid?.data.object.id}`]);
  });

  it('ignores invoices that paid nothing, are not a subscription, or carry no Doppel metadata', async () => {
    const [, invoicePaid] = account.pay(session('subscription').id);
    expect(await map(changed(invoicePaid, { amount_paid: 0 }))).toMatchObject({
      type: 'ignored',
      reason: expect.stringMatching(/paid nothing/),
    });
    expect(await map(changed(invoicePaid, { parent: null }))).toMatchObject({
      type: 'ignored',
      reason: expect.stringMatching(/not a subscription/),
    });
    const [, foreign] = account.pay(session('subscription', {}).id);
    expect(await map(changed(foreign))).toMatchObject({
      type: 'ignored',
      reason: expect.stringMatching(/not created by Doppel/),
    });
    expect(lookups).toEqual([]);
  });

  it('names a checkout paid without a PaymentIntent (fully discounted) by its session', async () => {
    const { id } = session('payment');
    const [completed] = account.pay(id);
    const meaning = await map(
      changed(completed, { payment_status: 'no_payment_required', payment_intent: null, amount_total: 0 }),
    );
    expect(meaning).toMatchObject({
      type: 'payment.succeeded',
      key: `stripe:${id}`,
      price: { amount: 0 },
      ids: { stripePaymentIntentId: null },
    });
  });

  it('takes the buyer from client_reference_id when the metadata lacks it, and live events are not sandbox', async () => {
    const { userId: _, ...withoutUser } = metadata;
    const [completed] = account.pay(session('payment', withoutUser).id);
    expect(await map(changed(completed, {}, true))).toMatchObject({
      userId: 'user_from_reference',
      talentId: 'talent_mia',
      isSandbox: false,
    });
  });

  it('ignores a subscription checkout that names no invoice', async () => {
    const [completed] = account.pay(session('subscription').id);
    expect(await map(changed(completed, { invoice: null }))).toMatchObject({
      type: 'ignored',
      reason: expect.stringMatching(/no invoice/),
    });
  });

  it('books a withdrawn dispute under the same key as its creation, and reinstated funds as the win', async () => {
    const { paymentIntentId } = paid('payment');
    const created = account.dispute(paymentIntentId ?? '');
    const withdrawn = { ...created, type: 'charge.dispute.funds_withdrawn' as const };
    expect(await map(changed(withdrawn))).toEqual(await map(changed(created)));
    const won = account.closeDispute(created.data.object.id, 'won');
    const reinstated = { ...won, type: 'charge.dispute.funds_reinstated' as const };
    expect(await map(changed(reinstated))).toEqual(await map(changed(won)));
  });

  it('ignores a refund of a charge without PaymentIntent', async () => {
    const { paymentIntentId } = paid('payment');
    expect(await map(changed(account.refund(paymentIntentId ?? '', 100), { payment_intent: null }))).toMatchObject({
      type: 'ignored',
    });
  });

  it('ends a deleted subscription now when Stripe gives no ended_at', async () => {
    const { subscriptionId } = paid('subscription');
    const deleted = changed(account.cancelSubscription(subscriptionId ?? ''), { ended_at: null });
    expect(await map(deleted)).toEqual({ type: 'subscription.ended', externalId: subscriptionId, endedAt: NOW });
  });

  it('reads whether a subscription renews from Stripe as it is now, whatever order its updates arrive in', async () => {
    const { subscriptionId } = paid('subscription');
    const id = subscriptionId ?? '';
    const cancelled = account.cancelAtPeriodEnd(id, true);
    const resumed = account.cancelAtPeriodEnd(id, false);
    // The cancellation retried after the resumption: the subscription renews, as Stripe says now.
    expect(await map(changed(resumed))).toEqual({ type: 'subscription.renewal', externalId: id, endsAtPeriodEnd: false });
    expect(await map(changed(cancelled))).toEqual({ type: 'subscription.renewal', externalId: id, endsAtPeriodEnd: false });
    account.cancelAtPeriodEnd(id, true);
    expect(await map(changed(resumed))).toEqual({ type: 'subscription.renewal', externalId: id, endsAtPeriodEnd: true });
    expect(lookups).toEqual([`subscription ${id}`, `subscription ${id}`, `subscription ${id}`]);
  });

  it('ignores closing a checkout that Doppel did not open, and any other event', async () => {
    expect(await map(changed(account.expire(session('payment', {}).id)))).toMatchObject({ type: 'ignored' });
    const other = account.event('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
    expect(await map(changed(other))).toEqual({
      type: 'ignored',
      reason: 'Stripe payment_intent.succeeded moves no money we track',
    });
  });
});
