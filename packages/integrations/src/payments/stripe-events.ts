// What a verified Stripe event means for us (docs: CardPayments in packages/domain/src/ports/payments.ts).
// Pure apart from the lookups it is handed: the adapter answers them through the Stripe API, unit tests
// from a fake account. The same money always maps to the same key whichever event reports it: a
// subscription's first invoice is `stripe:in_…` from checkout.session.completed and invoice.paid alike.
import type { CheckoutClosed, PaymentEvent, PaymentEventIgnored, PaymentSucceeded } from '@doppel/domain/ports';
import type Stripe from 'stripe';
import { priceFromStripe } from './stripe-currency.ts';

/** What mapping may need beyond the event itself. Failures must throw (the delivery is retried). */
export type StripeEventContext = {
  /** The invoice with its lines (a session names its invoice only by id). */
  retrieveInvoice: (invoiceId: string) => Promise<Stripe.Invoice>;
  /** The PaymentIntent that paid the invoice: invoices no longer carry `payment_intent` themselves. */
  findInvoicePaymentIntent: (invoiceId: string) => Promise<string | null>;
  /** The subscription as it is now: its updates may arrive out of order, or retried late. */
  retrieveSubscription: (subscriptionId: string) => Promise<Stripe.Subscription>;
  now: () => Date;
};

type Expandable = string | { id: string } | null | undefined;

const idOf = (value: Expandable): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const ignored = (reason: string): PaymentEventIgnored => ({ type: 'ignored', reason });

const fromUnixSeconds = (seconds: number) => new Date(seconds * 1000);

/** The ids we put on every session, its PaymentIntent and its subscription (createCheckout). */
type DoppelMetadata = { userId: string; talentId: string | null; productId: string; checkoutId: string | null };

const readMetadata = (metadata: Stripe.Metadata | null | undefined, fallbackUserId?: string | null): DoppelMetadata | null => {
  const userId = metadata?.userId || fallbackUserId;
  const productId = metadata?.productId;
  if (!userId || !productId) return null;
  return { userId, talentId: metadata?.talentId || null, productId, checkoutId: metadata?.checkoutId || null };
};

/** The end of the latest period an invoice bills (its subscription line's `period.end`). */
const latestPeriodEnd = (invoice: Pick<Stripe.Invoice, 'lines'>): Date | null => {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period.end).filter((end) => Number.isFinite(end));
  return ends.length > 0 ? fromUnixSeconds(Math.max(...ends)) : null;
};

const periodEndOf = async (invoice: Stripe.Invoice | string, context: StripeEventContext): Promise<Date | null> => {
  if (typeof invoice !== 'string') {
    const fromPayload = latestPeriodEnd(invoice);
    if (fromPayload && !invoice.lines.has_more) return fromPayload;
  }
  return latestPeriodEnd(await context.retrieveInvoice(typeof invoice === 'string' ? invoice : invoice.id));
};

export async function mapStripeEvent(event: Stripe.Event, context: StripeEventContext): Promise<PaymentEvent[]> {
  const isSandbox = !event.livemode;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return [await mapPaidSession(event.data.object, isSandbox, context)];
    case 'checkout.session.async_payment_failed':
      return [closedCheckout(event.data.object, 'FAILED')];
    case 'checkout.session.expired':
      return [closedCheckout(event.data.object, 'EXPIRED')];
    case 'invoice.paid':
      return [await mapPaidInvoice(event.data.object, isSandbox, context)];
    case 'customer.subscription.updated':
      return [await mapSubscriptionUpdate(event.data.object, context)];
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const endedAt = subscription.ended_at ? fromUnixSeconds(subscription.ended_at) : context.now();
      return [{ type: 'subscription.ended', externalId: subscription.id, endedAt }];
    }
    case 'charge.refunded':
      return [mapRefund(event.data.object)];
    case 'charge.dispute.created':
    case 'charge.dispute.funds_withdrawn':
      return [mapDispute(event.data.object)];
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_reinstated':
      return [mapDisputeOutcome(event.data.object)];
    default:
      return [ignored(`Stripe ${event.type} moves no money we track`)];
  }
}

/**
 * Whether the subscription will renew, read from Stripe as it is now (an older update retried after a
 * newer one would otherwise undo it). Cancelled to end with its period, or at a set time: it ends.
 */
async function mapSubscriptionUpdate(updated: Stripe.Subscription, context: StripeEventContext): Promise<PaymentEvent> {
  const subscription = await context.retrieveSubscription(updated.id);
  if (subscription.status === 'canceled')
    return ignored(`Subscription ${updated.id} has ended: customer.subscription.deleted says so`);
  const endsAtPeriodEnd = subscription.cancel_at_period_end || subscription.cancel_at != null;
  return { type: 'subscription.renewal', externalId: subscription.id, endsAtPeriodEnd };
}

async function mapPaidSession(
  session: Stripe.Checkout.Session,
  isSandbox: boolean,
  context: StripeEventContext,
): Promise<PaymentSucceeded | PaymentEventIgnored> {
  if (session.payment_status === 'unpaid') {
    return ignored(`Checkout ${session.id} is not paid yet: checkout.session.async_payment_succeeded follows`);
  }
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
    return ignored(`Checkout ${session.id} has payment status ${session.payment_status}`);
  }
  const metadata = readMetadata(session.metadata, session.client_reference_id);
  if (!metadata) return ignored(`Checkout ${session.id} carries no userId/productId metadata: not created by Doppel`);
  // Every session we open names our checkout, whose row says whose purchase it is (payment-checks.ts).
  if (!metadata.checkoutId) return ignored(`Checkout ${session.id} names no checkoutId: not created by Doppel`);
  if (session.amount_total === null || !session.currency) return ignored(`Checkout ${session.id} has no amount`);
  const base = {
    type: 'payment.succeeded' as const,
    userId: metadata.userId,
    talentId: metadata.talentId,
    productId: metadata.productId,
    checkoutId: metadata.checkoutId,
    price: priceFromStripe(session.amount_total, session.currency),
    isSandbox,
  };

  if (session.mode === 'payment') {
    const paymentIntentId = idOf(session.payment_intent);
    // A fully discounted checkout has no PaymentIntent; the session is then the only name of it.
    const key = `stripe:${paymentIntentId ?? session.id}`;
    return { ...base, key, ids: { stripePaymentIntentId: paymentIntentId }, subscription: null };
  }
  if (session.mode !== 'subscription') return ignored(`Checkout ${session.id} in ${session.mode} mode takes no payment`);

  const invoiceId = idOf(session.invoice);
  const subscriptionId = idOf(session.subscription);
  if (!invoiceId || !session.invoice || !subscriptionId) {
    return ignored(`Subscription checkout ${session.id} names no invoice or subscription`);
  }
  const periodEnd = await periodEndOf(session.invoice, context);
  if (!periodEnd) return ignored(`Invoice ${invoiceId} of checkout ${session.id} bills no period`);
  const paymentIntentId = await context.findInvoicePaymentIntent(invoiceId);
  return {
    ...base,
    key: `stripe:${invoiceId}`,
    ids: { stripeInvoiceId: invoiceId, stripePaymentIntentId: paymentIntentId },
    subscription: { externalId: subscriptionId, periodEnd },
  };
}

async function mapPaidInvoice(
  invoice: Stripe.Invoice,
  isSandbox: boolean,
  context: StripeEventContext,
): Promise<PaymentSucceeded | PaymentEventIgnored> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!details || !subscriptionId) return ignored(`Invoice ${invoice.id} is not a subscription's`);
  if (invoice.amount_paid <= 0) return ignored(`Invoice ${invoice.id} was paid nothing`);
  const metadata = readMetadata(details.metadata);
  if (!metadata) return ignored(`Subscription ${subscriptionId} carries no userId/productId metadata: not created by Doppel`);
  const isFirst = invoice.billing_reason === 'subscription_create';
  if (isFirst && !metadata.checkoutId)
    return ignored(`Subscription ${subscriptionId} names no checkoutId: not created by Doppel`);
  const periodEnd = await periodEndOf(invoice, context);
  if (!periodEnd) return ignored(`Invoice ${invoice.id} bills no period`);
  const paymentIntentId = await context.findInvoicePaymentIntent(invoice.id);
  return {
    type: 'payment.succeeded',
    key: `stripe:${invoice.id}`,
    userId: metadata.userId,
    talentId: metadata.talentId,
    productId: metadata.productId,
    // Only the first invoice came through our checkout; renewals are the subscription's own.
    checkoutId: isFirst ? metadata.checkoutId : null,
    price: priceFromStripe(invoice.amount_paid, invoice.currency),
    ids: { stripeInvoiceId: invoice.id, stripePaymentIntentId: paymentIntentId },
    subscription: { externalId: subscriptionId, periodEnd },
    isSandbox,
  };
}

function closedCheckout(
  session: Stripe.Checkout.Session,
  outcome: CheckoutClosed['outcome'],
): CheckoutClosed | PaymentEventIgnored {
  const checkoutId = session.metadata?.checkoutId;
  if (!checkoutId) return ignored(`Checkout ${session.id} carries no checkoutId metadata: not created by Doppel`);
  return { type: 'checkout.closed', checkoutId, outcome };
}

function mapRefund(charge: Stripe.Charge): PaymentEvent {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return ignored(`Refunded charge ${charge.id} has no PaymentIntent`);
  if (charge.amount_refunded <= 0) return ignored(`Charge ${charge.id} has nothing refunded`);
  return {
    type: 'payment.reversed',
    // The cumulative amount names each partial refund apart; a replay of the same one books nothing.
    key: `stripe:refund:${charge.id}:${charge.amount_refunded}`,
    payment: { stripePaymentIntentId: paymentIntentId },
    reason: 'REFUND',
    amount: charge.amount_refunded,
  };
}

// An inquiry (`warning_*`) withdraws no funds; if it escalates, charge.dispute.funds_withdrawn
// reports the same dispute under the same key, so a chargeback is reversed once either way.
function mapDispute(dispute: Stripe.Dispute): PaymentEvent {
  if (dispute.status.startsWith('warning_')) return ignored(`Dispute ${dispute.id} is an inquiry: no funds withdrawn`);
  const paymentIntentId = idOf(dispute.payment_intent);
  if (!paymentIntentId) return ignored(`Dispute ${dispute.id} has no PaymentIntent`);
  return {
    type: 'payment.reversed',
    key: `stripe:dispute:${dispute.id}`,
    payment: { stripePaymentIntentId: paymentIntentId },
    reason: 'DISPUTE',
    amount: dispute.amount,
  };
}

function mapDisputeOutcome(dispute: Stripe.Dispute): PaymentEvent {
  if (dispute.status !== 'won') return ignored(`Dispute ${dispute.id} closed as ${dispute.status}: its reversal stands`);
  const paymentIntentId = idOf(dispute.payment_intent);
  if (!paymentIntentId) return ignored(`Dispute ${dispute.id} has no PaymentIntent`);
  return {
    type: 'payment.reinstated',
    key: `stripe:dispute-won:${dispute.id}`,
    reversalKey: `stripe:dispute:${dispute.id}`,
    payment: { stripePaymentIntentId: paymentIntentId },
  };
}
