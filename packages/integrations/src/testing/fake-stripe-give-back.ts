// How the fake Stripe account gives money back when we ask: DELETE /v1/subscriptions/:id cancels a
// subscription at once (customer.subscription.deleted follows), POST /v1/refunds refunds a
// PaymentIntent's charge (charge.refunded follows). Errors are Stripe's: a missing PaymentIntent,
// a charge with nothing left (`charge_already_refunded`), a subscription already canceled. Like
// Stripe, only POSTs replay by idempotency key.
import type Stripe from 'stripe';
import type { FakeStripeAccount } from './fake-stripe-account.ts';
import { FakeStripeError, type FormObject, optionalInteger, optionalString, readMetadata } from './fake-stripe-form.ts';
import { findRecord as find } from './fake-stripe-objects.ts';
import { type DeepPartial, renderCharge, renderSubscription } from './fake-stripe-render.ts';

export function cancelSubscriptionNow(account: FakeStripeAccount, subscriptionId: string) {
  const subscription = find(account.subscriptions, subscriptionId, 'subscription');
  if (subscription.status === 'canceled') {
    // Which error Stripe gives for cancelling twice is not documented; the adapter relies on none.
    throw new FakeStripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
  }
  account.cancelSubscription(subscriptionId);
  return renderSubscription(subscription);
}

export function createRefund(account: FakeStripeAccount, body: FormObject) {
  const paymentIntentId = optionalString(body, 'payment_intent');
  if (!paymentIntentId) throw new FakeStripeError(400, 'Missing required param: payment_intent.', { param: 'payment_intent' });
  const intent = find(account.paymentIntents, paymentIntentId, 'payment_intent');
  const charge = find(account.charges, intent.chargeId, 'charge');
  const left = charge.amount - renderCharge(charge).amount_refunded;
  if (left <= 0) {
    throw new FakeStripeError(400, `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  const amount = optionalInteger(body, 'amount') ?? left;
  if (amount <= 0 || amount > left) {
    throw new FakeStripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
      param: 'amount',
    });
  }
  account.refund(paymentIntentId, amount);
  const [refund] = charge.refunds;
  if (!refund) throw new Error(`the fake kept no refund on charge ${charge.id}`);
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    charge: charge.id,
    created: refund.created,
    currency: charge.currency,
    metadata: readMetadata(body, 'metadata'),
    payment_intent: paymentIntentId,
    reason: (optionalString(body, 'reason') as Stripe.Refund.Reason | null) ?? null,
    status: 'succeeded',
  } satisfies DeepPartial<Stripe.Refund>;
}
