// How the fake Stripe account takes money: a card payment leaves a PaymentIntent with one charge, and a
// subscription's period is billed as an invoice paid at once (with its PaymentIntent and InvoicePayment).
import {
  type FakeCharge,
  type FakeInvoice,
  type FakeInvoicePayment,
  type FakePaymentIntent,
  type FakeSubscription,
  type Metadata,
  periodBoundary,
  stripeId,
} from './fake-stripe-objects.ts';

export type FakeStripeLedger = {
  paymentIntents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  invoices: Map<string, FakeInvoice>;
  invoicePayments: Map<string, FakeInvoicePayment>;
};

type Collection = { amount: number; currency: string; customerId: string; metadata: Metadata; settled: boolean };

export function collectPayment(ledger: FakeStripeLedger, input: Collection, at: number): FakePaymentIntent {
  const intent: FakePaymentIntent = {
    id: stripeId('pi'),
    amount: input.amount,
    currency: input.currency,
    customerId: input.customerId,
    metadata: input.metadata,
    status: input.settled ? 'succeeded' : 'processing',
    chargeId: stripeId('ch'),
    created: at,
  };
  const charge: FakeCharge = {
    id: intent.chargeId,
    paymentIntentId: intent.id,
    amount: input.amount,
    currency: input.currency,
    customerId: input.customerId,
    metadata: input.metadata,
    status: input.settled ? 'succeeded' : 'pending',
    refunds: [],
    disputed: false,
    created: at,
  };
  ledger.paymentIntents.set(intent.id, intent);
  ledger.charges.set(charge.id, charge);
  return intent;
}

/** The subscription's next period, invoiced and paid by card; the subscription moves on to it. */
export function billPeriod(
  ledger: FakeStripeLedger,
  subscription: FakeSubscription,
  reason: FakeInvoice['billingReason'],
  at: number,
): FakeInvoice {
  const interval = subscription.item.price.interval ?? 'month';
  const amount = subscription.item.price.unitAmount * subscription.item.quantity;
  const { currency } = subscription.item.price;
  const invoice: FakeInvoice = {
    id: stripeId('in'),
    number: `FAKE-${String(ledger.invoices.size + 1).padStart(4, '0')}`,
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    subscriptionItemId: subscription.itemId,
    subscriptionMetadata: { ...subscription.metadata },
    billingReason: reason,
    item: subscription.item,
    amount,
    currency,
    periodStart: periodBoundary(subscription.anchor, interval, subscription.periodsBilled),
    periodEnd: periodBoundary(subscription.anchor, interval, subscription.periodsBilled + 1),
    created: at,
    paidAt: at,
  };
  // Invoice PaymentIntents carry no metadata of their own: only the invoice knows the subscription.
  const intent = collectPayment(
    ledger,
    { amount, currency, customerId: subscription.customerId, metadata: {}, settled: true },
    at,
  );
  ledger.invoices.set(invoice.id, invoice);
  const payment: FakeInvoicePayment = {
    id: stripeId('inpay'),
    invoiceId: invoice.id,
    paymentIntentId: intent.id,
    amount,
    currency,
    created: at,
  };
  ledger.invoicePayments.set(payment.id, payment);
  subscription.periodsBilled += 1;
  subscription.periodStart = invoice.periodStart;
  subscription.periodEnd = invoice.periodEnd;
  subscription.latestInvoiceId = invoice.id;
  return invoice;
}
