// The fake Stripe account behind the fake server: what exists (prices, sessions, subscriptions,
// invoices, payments) and what happens when a customer pays, renews, is refunded or disputes, each
// returning the events Stripe would send about it. Objects render in the SDK's pinned API version.
import type Stripe from 'stripe';
import { billPeriod, collectPayment } from './fake-stripe-billing.ts';
import { readCheckoutParams } from './fake-stripe-checkout.ts';
import type { FormObject } from './fake-stripe-form.ts';
import {
  type FakeCharge,
  type FakeDispute,
  type FakeInvoice,
  type FakeInvoicePayment,
  type FakePaymentIntent,
  type FakePrice,
  type FakeSession,
  type FakeStripeEvent,
  type FakeSubscription,
  findRecord as find,
  type Interval,
  renderEvent,
  type StripeObjectJson,
  stripeId,
} from './fake-stripe-objects.ts';
import { renderCharge, renderDispute, renderInvoice, renderSession, renderSubscription } from './fake-stripe-render.ts';

export type FakeStripePriceInput = {
  id?: string;
  unitAmount: number;
  currency?: string;
  /** Recurring prices (subscriptions) bill every interval; one-time prices have none. */
  interval?: Interval | null;
  productName?: string;
};

export type FakeStripeAccount = ReturnType<typeof createFakeStripeAccount>;

const DAY = 86_400;

export function createFakeStripeAccount(options: { now: () => Date; checkoutUrl: (sessionId: string) => string }) {
  const prices = new Map<string, FakePrice>();
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const invoicePayments = new Map<string, FakeInvoicePayment>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const disputes = new Map<string, FakeDispute>();
  const events = new Map<string, FakeStripeEvent>();
  const seconds = () => Math.floor(options.now().getTime() / 1000);
  const ledger = { paymentIntents, charges, invoices, invoicePayments };

  const emit = (type: Stripe.Event.Type, object: StripeObjectJson, previous?: Record<string, unknown>): FakeStripeEvent => {
    const event = renderEvent(type, object, seconds(), previous);
    events.set(event.id, event);
    return event;
  };

  const chargeOf = (paymentIntentId: string): FakeCharge => {
    const intent = find(paymentIntents, paymentIntentId, 'payment_intent');
    return find(charges, intent.chargeId, 'charge');
  };

  const openSession = (sessionId: string): FakeSession => {
    const session = find(sessions, sessionId, 'checkout.session');
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}, not open`);
    return session;
  };

  return {
    prices,
    sessions,
    subscriptions,
    invoices,
    invoicePayments,
    paymentIntents,
    charges,
    disputes,
    events,
    find,

    addPrice(input: FakeStripePriceInput): FakePrice {
      const price: FakePrice = {
        id: input.id ?? stripeId('price'),
        productId: stripeId('prod', 14),
        productName: input.productName ?? 'Fake product',
        unitAmount: input.unitAmount,
        currency: (input.currency ?? 'usd').toLowerCase(),
        interval: input.interval ?? null,
        created: seconds(),
      };
      prices.set(price.id, price);
      return price;
    },

    createSession(params: FormObject): FakeSession {
      const input = readCheckoutParams(params, (id) => prices.get(id), seconds());
      const id = stripeId('cs_test', 58);
      const session: FakeSession = {
        ...input,
        id,
        status: 'open',
        paymentStatus: 'unpaid',
        customerId: null,
        url: options.checkoutUrl(id),
        paymentIntentId: null,
        invoiceId: null,
        subscriptionId: null,
        created: seconds(),
        expiresAt: seconds() + DAY,
      };
      sessions.set(id, session);
      return session;
    },

    /**
     * The customer pays the session by card. Payment mode: checkout.session.completed (or, with
     * `asyncPayment`, a completed but unpaid session whose payment settles later). Subscription mode:
     * checkout.session.completed and the invoice.paid of the first invoice.
     */
    pay(sessionId: string, payOptions: { asyncPayment?: boolean } = {}): FakeStripeEvent[] {
      const session = openSession(sessionId);
      if (session.mode === 'subscription' && payOptions.asyncPayment) {
        throw new Error('The fake Stripe pays subscriptions by card only (no asyncPayment)');
      }
      const customerId = stripeId('cus', 14);
      session.status = 'complete';
      session.customerId = customerId;
      if (session.mode === 'payment') {
        const settled = !payOptions.asyncPayment;
        const metadata = session.paymentIntentMetadata;
        const intent = collectPayment(
          ledger,
          { amount: session.amount, currency: session.currency, customerId, metadata, settled },
          seconds(),
        );
        session.paymentIntentId = intent.id;
        session.paymentStatus = settled ? 'paid' : 'unpaid';
        return [emit('checkout.session.completed', renderSession(session))];
      }
      const item = session.lineItems.find((line) => line.price.interval);
      if (!item) throw new Error(`Checkout session ${sessionId} has no recurring price`);
      const subscription: FakeSubscription = {
        id: stripeId('sub'),
        itemId: stripeId('si', 14),
        customerId,
        status: 'active',
        item,
        metadata: session.subscriptionMetadata,
        anchor: seconds(),
        periodsBilled: 0,
        periodStart: seconds(),
        periodEnd: seconds(),
        latestInvoiceId: null,
        created: seconds(),
        canceledAt: null,
        cancelAtPeriodEnd: false,
        endedAt: null,
      };
      subscriptions.set(subscription.id, subscription);
      const invoice = billPeriod(ledger, subscription, 'subscription_create', seconds());
      session.paymentStatus = 'paid';
      session.subscriptionId = subscription.id;
      session.invoiceId = invoice.id;
      return [emit('checkout.session.completed', renderSession(session)), emit('invoice.paid', renderInvoice(invoice))];
    },

    /** The delayed payment of an `asyncPayment` checkout settles or fails. */
    settleAsyncPayment(sessionId: string, outcome: 'succeeded' | 'failed'): FakeStripeEvent {
      const session = find(sessions, sessionId, 'checkout.session');
      if (session.status !== 'complete' || session.paymentStatus !== 'unpaid' || !session.paymentIntentId) {
        throw new Error(`Checkout session ${sessionId} has no payment waiting to settle`);
      }
      const intent = find(paymentIntents, session.paymentIntentId, 'payment_intent');
      intent.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method';
      chargeOf(intent.id).status = outcome === 'succeeded' ? 'succeeded' : 'failed';
      if (outcome === 'succeeded') session.paymentStatus = 'paid';
      return emit(`checkout.session.async_payment_${outcome}`, renderSession(session));
    },

    /** The next period of an active subscription is billed and paid: invoice.paid. */
    renew(subscriptionId: string): FakeStripeEvent {
      const subscription = find(subscriptions, subscriptionId, 'subscription');
      if (subscription.status !== 'active') throw new Error(`Subscription ${subscriptionId} is ${subscription.status}`);
      return emit('invoice.paid', renderInvoice(billPeriod(ledger, subscription, 'subscription_cycle', seconds())));
    },

    /** Refunds part (or the rest) of a payment: charge.refunded with the cumulative amount_refunded. */
    refund(paymentIntentId: string, amount?: number): FakeStripeEvent {
      const charge = chargeOf(paymentIntentId);
      const before = renderCharge(charge);
      const remaining = charge.amount - before.amount_refunded;
      const refunded = amount ?? remaining;
      if (!Number.isInteger(refunded) || refunded <= 0 || refunded > remaining) {
        throw new Error(`Cannot refund ${refunded} of charge ${charge.id}: ${remaining} is left`);
      }
      charge.refunds.unshift({ id: stripeId('re'), amount: refunded, created: seconds() });
      return emit('charge.refunded', renderCharge(charge), {
        amount_refunded: before.amount_refunded,
        refunded: before.refunded,
        refunds: before.refunds,
      });
    },

    /** The cardholder disputes the payment (an inquiry with `inquiry`): charge.dispute.created. */
    dispute(paymentIntentId: string, disputeOptions: { amount?: number; inquiry?: boolean } = {}): FakeStripeEvent {
      const charge = chargeOf(paymentIntentId);
      const dispute: FakeDispute = {
        id: stripeId('dp'),
        chargeId: charge.id,
        paymentIntentId,
        amount: disputeOptions.amount ?? charge.amount,
        currency: charge.currency,
        status: disputeOptions.inquiry ? 'warning_needs_response' : 'needs_response',
        reason: 'fraudulent',
        created: seconds(),
      };
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      return emit('charge.dispute.created', renderDispute(dispute));
    },

    closeDispute(disputeId: string, outcome: 'won' | 'lost'): FakeStripeEvent {
      const dispute = find(disputes, disputeId, 'dispute');
      const status = dispute.status;
      dispute.status = dispute.status.startsWith('warning_') ? 'warning_closed' : outcome;
      return emit('charge.dispute.closed', renderDispute(dispute), { status });
    },

    /**
     * The customer cancels at the end of the period paid (`ends`), or resumes it:
     * customer.subscription.updated with its previous attributes, as Stripe sends it.
     */
    cancelAtPeriodEnd(subscriptionId: string, ends: boolean): FakeStripeEvent {
      const subscription = find(subscriptions, subscriptionId, 'subscription');
      const previous = subscription.cancelAtPeriodEnd;
      subscription.cancelAtPeriodEnd = ends;
      subscription.canceledAt = ends ? seconds() : null;
      return emit('customer.subscription.updated', renderSubscription(subscription), { cancel_at_period_end: previous });
    },

    /** The subscription ends now (cancelled at once): customer.subscription.deleted. */
    cancelSubscription(subscriptionId: string): FakeStripeEvent {
      const subscription = find(subscriptions, subscriptionId, 'subscription');
      subscription.status = 'canceled';
      subscription.canceledAt = seconds();
      subscription.endedAt = seconds();
      return emit('customer.subscription.deleted', renderSubscription(subscription), { status: 'active' });
    },

    /** The customer never paid: checkout.session.expired. */
    expire(sessionId: string): FakeStripeEvent {
      const session = openSession(sessionId);
      session.status = 'expired';
      return emit('checkout.session.expired', renderSession(session));
    },

    /** Any other event, for what the adapter should ignore. */
    event(type: Stripe.Event.Type, object: StripeObjectJson): FakeStripeEvent {
      return emit(type, object);
    },

    reset(): void {
      for (const map of [prices, sessions, subscriptions, invoices, invoicePayments, paymentIntents, charges, disputes, events]) {
        map.clear();
      }
    },
  };
}
