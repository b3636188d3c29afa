// How the fake Stripe account's records render as API objects, in the shapes of the API version the SDK
// pins. Each renderer is checked field by field against the SDK's types (DeepPartial: every field written
// must exist there with its type; fields nothing reads may be left out).
import type Stripe from 'stripe';
import type {
  FakeCharge,
  FakeDispute,
  FakeInvoice,
  FakeInvoicePayment,
  FakePaymentIntent,
  FakePrice,
  FakeSession,
  FakeSubscription,
} from './fake-stripe-objects.ts';

export type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

const list = <T>(url: string, data: T[]) => ({ object: 'list' as const, data, has_more: false, url });

export const renderPrice = (price: FakePrice) =>
  ({
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: price.productId,
    recurring: price.interval
      ? { interval: price.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    type: price.interval ? 'recurring' : 'one_time',
    unit_amount: price.unitAmount,
  }) satisfies DeepPartial<Stripe.Price>;

export const renderSession = (session: FakeSession) =>
  ({
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amount,
    amount_total: session.amount,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    created: session.created,
    currency: session.currency,
    customer: session.customerId,
    customer_details: session.customerId ? { email: session.customerEmail } : null,
    customer_email: session.customerEmail,
    expires_at: session.expiresAt,
    invoice: session.invoiceId,
    livemode: false,
    metadata: session.metadata,
    mode: session.mode,
    payment_intent: session.paymentIntentId,
    payment_method_types: ['card'],
    payment_status: session.paymentStatus,
    status: session.status,
    subscription: session.subscriptionId,
    success_url: session.successUrl,
    ui_mode: 'hosted_page',
    url: session.status === 'open' ? session.url : null,
  }) satisfies DeepPartial<Stripe.Checkout.Session>;

export const renderSubscription = (subscription: FakeSubscription) =>
  ({
    id: subscription.id,
    object: 'subscription',
    // Stripe sets cancel_at to the period's end when a subscription is cancelled at it.
    cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    collection_method: 'charge_automatically',
    created: subscription.created,
    currency: subscription.item.price.currency,
    customer: subscription.customerId,
    ended_at: subscription.endedAt,
    items: list(`/v1/subscription_items?subscription=${subscription.id}`, [
      {
        id: subscription.itemId,
        object: 'subscription_item' as const,
        created: subscription.created,
        current_period_start: subscription.periodStart,
        current_period_end: subscription.periodEnd,
        metadata: {},
        price: renderPrice(subscription.item.price),
        quantity: subscription.item.quantity,
        subscription: subscription.id,
      },
    ]),
    latest_invoice: subscription.latestInvoiceId,
    livemode: false,
    metadata: subscription.metadata,
    start_date: subscription.created,
    status: subscription.status,
  }) satisfies DeepPartial<Stripe.Subscription>;

export const renderInvoice = (invoice: FakeInvoice) =>
  ({
    id: invoice.id,
    object: 'invoice',
    amount_due: invoice.amount,
    amount_overpaid: 0,
    amount_paid: invoice.amount,
    amount_remaining: 0,
    attempt_count: 1,
    attempted: true,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: invoice.currency,
    customer: invoice.customerId,
    lines: list(`/v1/invoices/${invoice.id}/lines`, [
      {
        id: `il_${invoice.id.slice(3)}`,
        object: 'line_item' as const,
        amount: invoice.amount,
        currency: invoice.currency,
        description: `${invoice.item.quantity} × ${invoice.item.price.productName}`,
        invoice: invoice.id,
        livemode: false,
        metadata: {},
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: invoice.subscriptionId,
            subscription_item: invoice.subscriptionItemId,
          },
        },
        period: { start: invoice.periodStart, end: invoice.periodEnd },
        pricing: {
          type: 'price_details' as const,
          price_details: { price: invoice.item.price.id, product: invoice.item.price.productId },
          unit_amount_decimal: null,
        },
        quantity: invoice.item.quantity,
        subscription: invoice.subscriptionId,
      },
    ]),
    livemode: false,
    metadata: {},
    number: invoice.number,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: invoice.subscriptionMetadata, subscription: invoice.subscriptionId },
    },
    // Stripe's own naming: on a subscription invoice these are the period *before* the lines' one.
    period_end: invoice.created,
    period_start: invoice.created,
    status: 'paid',
    status_transitions: {
      finalized_at: invoice.created,
      marked_uncollectible_at: null,
      paid_at: invoice.paidAt,
      voided_at: null,
    },
    subtotal: invoice.amount,
    total: invoice.amount,
  }) satisfies DeepPartial<Stripe.Invoice>;

export const renderInvoicePayment = (payment: FakeInvoicePayment) =>
  ({
    id: payment.id,
    object: 'invoice_payment',
    amount_paid: payment.amount,
    amount_requested: payment.amount,
    created: payment.created,
    currency: payment.currency,
    invoice: payment.invoiceId,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: payment.paymentIntentId },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: payment.created },
  }) satisfies DeepPartial<Stripe.InvoicePayment>;

export const renderPaymentIntent = (intent: FakePaymentIntent) =>
  ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    capture_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    customer: intent.customerId,
    latest_charge: intent.chargeId,
    livemode: false,
    metadata: intent.metadata,
    payment_method_types: ['card'],
    status: intent.status,
  }) satisfies DeepPartial<Stripe.PaymentIntent>;

export const renderCharge = (charge: FakeCharge) => {
  const amountRefunded = charge.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.status === 'succeeded' ? charge.amount : 0,
    amount_refunded: amountRefunded,
    captured: charge.status === 'succeeded',
    created: charge.created,
    currency: charge.currency,
    customer: charge.customerId,
    disputed: charge.disputed,
    livemode: false,
    metadata: charge.metadata,
    paid: charge.status === 'succeeded',
    payment_intent: charge.paymentIntentId,
    refunded: amountRefunded === charge.amount,
    refunds: list(
      `/v1/charges/${charge.id}/refunds`,
      charge.refunds.map((refund) => ({
        id: refund.id,
        object: 'refund' as const,
        amount: refund.amount,
        charge: charge.id,
        created: refund.created,
        currency: charge.currency,
        payment_intent: charge.paymentIntentId,
        reason: 'requested_by_customer',
        status: 'succeeded',
      })),
    ),
    status: charge.status,
  } satisfies DeepPartial<Stripe.Charge>;
};

export const renderDispute = (dispute: FakeDispute) =>
  ({
    id: dispute.id,
    object: 'dispute',
    amount: dispute.amount,
    charge: dispute.chargeId,
    created: dispute.created,
    currency: dispute.currency,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: dispute.paymentIntentId,
    reason: dispute.reason,
    status: dispute.status,
  }) satisfies DeepPartial<Stripe.Dispute>;
