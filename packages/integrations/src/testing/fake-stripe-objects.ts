// The fake Stripe account's records (its own model; fake-stripe-render.ts turns them into API objects),
// Stripe-looking ids, and the event envelope webhooks deliver.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { FakeStripeError } from './fake-stripe-form.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id (`pi_3Qx…`, `cs_test_a1…`), unique per call. */
export const stripeId = (prefix: string, length = 24): string =>
  `${prefix}_${Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;

/** A record by id, or the 404 Stripe answers for an unknown one. */
export const findRecord = <T>(records: Map<string, T>, id: string, what: string): T => {
  const found = records.get(id);
  if (!found) throw new FakeStripeError(404, `No such ${what}: '${id}'`, { code: 'resource_missing', param: 'id' });
  return found;
};

const DAY = 86_400;

/**
 * Where the `count`-th billing period after the anchor starts (Unix seconds), by calendar as Stripe
 * bills: a subscription started on the 31st renews on the last day of shorter months.
 */
export const periodBoundary = (anchor: number, interval: Interval, count: number): number => {
  if (interval === 'day') return anchor + count * DAY;
  if (interval === 'week') return anchor + count * 7 * DAY;
  const start = new Date(anchor * 1000);
  const months = start.getUTCMonth() + (interval === 'month' ? count : count * 12);
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), months + 1, 0)).getUTCDate();
  const boundary = Date.UTC(
    start.getUTCFullYear(),
    months,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(boundary / 1000);
};

export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';

export type FakePrice = {
  id: string;
  productId: string;
  productName: string;
  unitAmount: number;
  currency: string;
  interval: Interval | null;
  created: number;
};
export type FakeLineItem = { price: FakePrice; quantity: number };

export type FakeSession = {
  id: string;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  lineItems: FakeLineItem[];
  currency: string;
  amount: number;
  clientReferenceId: string | null;
  customerEmail: string | null;
  customerId: string | null;
  metadata: Metadata;
  paymentIntentMetadata: Metadata;
  subscriptionMetadata: Metadata;
  successUrl: string | null;
  cancelUrl: string | null;
  url: string;
  paymentIntentId: string | null;
  invoiceId: string | null;
  subscriptionId: string | null;
  created: number;
  expiresAt: number;
};
export type FakeSubscription = {
  id: string;
  itemId: string;
  customerId: string;
  status: 'active' | 'canceled';
  item: FakeLineItem;
  metadata: Metadata;
  /** Billing is anchored at the start: period n runs from anchor + n intervals. */
  anchor: number;
  periodsBilled: number;
  periodStart: number;
  periodEnd: number;
  latestInvoiceId: string | null;
  created: number;
  canceledAt: number | null;
  /** The customer cancelled it to end with the period paid (the Billing portal's "cancel"). */
  cancelAtPeriodEnd: boolean;
  endedAt: number | null;
};
export type FakeInvoice = {
  id: string;
  number: string;
  customerId: string;
  subscriptionId: string;
  subscriptionItemId: string;
  /** The subscription's metadata when the invoice was finalized (Stripe keeps a snapshot). */
  subscriptionMetadata: Metadata;
  billingReason: 'subscription_create' | 'subscription_cycle';
  item: FakeLineItem;
  amount: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
  created: number;
  paidAt: number;
};
export type FakeInvoicePayment = {
  id: string;
  invoiceId: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  created: number;
};
export type FakePaymentIntent = {
  id: string;
  amount: number;
  currency: string;
  customerId: string;
  metadata: Metadata;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  chargeId: string;
  created: number;
};
export type FakeRefund = { id: string; amount: number; created: number };
export type FakeCharge = {
  id: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  customerId: string;
  metadata: Metadata;
  status: 'succeeded' | 'pending' | 'failed';
  refunds: FakeRefund[];
  disputed: boolean;
  created: number;
};
export type FakeDispute = {
  id: string;
  chargeId: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  status: string;
  reason: string;
  created: number;
};

/** An object as the API renders it: enough for the event envelope and the HTTP answers. */
export type StripeObjectJson = { id: string; object: string };

/** A Stripe event as its webhook delivers it (`Stripe.Event` once the SDK has parsed it). */
export type FakeStripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeObjectJson; previous_attributes?: Record<string, unknown> };
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: Stripe.Event.Type;
};

export const renderEvent = (
  type: Stripe.Event.Type,
  object: StripeObjectJson,
  created: number,
  previousAttributes?: Record<string, unknown>,
): FakeStripeEvent => ({
  id: stripeId('evt'),
  object: 'event',
  api_version: Stripe.API_VERSION,
  created,
  data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
});

/** The event as the SDK hands it over after verification: parsed JSON, typed but not checked. */
export const asStripeEvent = (event: FakeStripeEvent): Stripe.Event => JSON.parse(JSON.stringify(event));
