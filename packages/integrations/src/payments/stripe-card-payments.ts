// The CardPayments port on Stripe Checkout through the official `stripe` SDK: hosted checkout sessions
// for credit packs (payment mode) and monthly subscriptions, and signed webhooks mapped to PaymentEvents
// (stripe-events.ts). Our ids ride along as metadata on the session and on its PaymentIntent or
// subscription, so every later object (invoice, renewal) still says who bought what.
import {
  type CardPayments,
  type CheckoutRequest,
  type HostedCheckout,
  PaymentVerificationError,
  type VerifiedProviderEvent,
} from '@doppel/domain/ports';
import Stripe from 'stripe';
import { toStripeUnitAmount } from './stripe-currency.ts';
import { mapStripeEvent, type StripeEventContext } from './stripe-events.ts';

export type StripeCardPaymentsConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local fake Stripe server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

const STRIPE_TIMEOUT_MS = 20_000;

export function createStripeCardPayments(config: StripeCardPaymentsConfig): CardPayments {
  const stripe = new Stripe(config.secretKey, {
    // Retried POSTs carry an idempotency key, so a retry never opens a second session.
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    appInfo: { name: 'doppel' },
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });

  const context: StripeEventContext = {
    retrieveInvoice: (invoiceId) => callStripe(`retrieve invoice ${invoiceId}`, () => stripe.invoices.retrieve(invoiceId)),
    findInvoicePaymentIntent: async (invoiceId) => {
      const payments = await callStripe(`list the payments of invoice ${invoiceId}`, () =>
        stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 }),
      );
      const paid = payments.data.find((payment) => payment.payment.type === 'payment_intent' && payment.payment.payment_intent);
      const paymentIntent = paid?.payment.payment_intent;
      return typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null);
    },
    retrieveSubscription: (subscriptionId) =>
      callStripe(`retrieve subscription ${subscriptionId}`, () => stripe.subscriptions.retrieve(subscriptionId)),
    now: () => new Date(),
  };

  return {
    provider: 'stripe',
    isTestMode: /^(sk|rk)_test_/.test(config.secretKey),

    async createCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
      const session = await callStripe(`create the checkout session of checkout ${request.checkoutId}`, () =>
        stripe.checkout.sessions.create(checkoutSessionParams(request), {
          // Our checkout id is unique, so asking twice for its session returns the first one.
          idempotencyKey: `doppel-checkout-${request.checkoutId}`,
        }),
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { externalId: session.id, url: session.url };
    },

    async verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<VerifiedProviderEvent> {
      if (!signature) throw new PaymentVerificationError('Stripe webhook refused: the Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new PaymentVerificationError(`Stripe webhook refused: ${verificationFailure(error)}`, { cause: error });
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || event.object !== 'event' || !event.data) {
        throw new PaymentVerificationError('Stripe webhook refused: the body is not a Stripe event');
      }
      const events = await mapStripeEvent(event, context);
      return { provider: 'stripe', eventId: event.id, eventType: event.type, payload: event, events };
    },

    async cancelSubscription(externalId: string): Promise<void> {
      const isCanceled = async () =>
        (await callStripe(`retrieve subscription ${externalId}`, () => stripe.subscriptions.retrieve(externalId))).status ===
        'canceled';
      if (await isCanceled()) return;
      // At once and without proration: the whole payment is refunded separately. A concurrent
      // delivery may cancel it first, which makes this call fail; then it is done all the same.
      try {
        await stripe.subscriptions.cancel(externalId);
      } catch (error) {
        if (await isCanceled()) return;
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Stripe could not cancel subscription ${externalId}: ${reason}`, { cause: error });
      }
    },

    async refundPayment(paymentIntentId: string): Promise<void> {
      try {
        await stripe.refunds.create(
          { payment_intent: paymentIntentId, reason: 'duplicate', metadata: { doppel: 'duplicate-subscription' } },
          { idempotencyKey: `doppel-refund-${paymentIntentId}` },
        );
      } catch (error) {
        // Refunded before (the key's replay window is 24 hours): nothing is left to give back.
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return;
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Stripe could not refund payment ${paymentIntentId}: ${reason}`, { cause: error });
      }
    },
  };
}

function checkoutSessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const { product } = request;
  const metadata: Record<string, string> = {
    userId: request.userId,
    ...(request.talentId ? { talentId: request.talentId } : {}),
    productId: product.id,
    checkoutId: request.checkoutId,
  };
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = product.externalId
    ? { price: product.externalId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: product.price.currency.toLowerCase(),
          unit_amount: toStripeUnitAmount(product.price),
          product_data: { name: product.name },
          ...(request.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
        },
      };
  return {
    mode: request.mode,
    client_reference_id: request.userId,
    ...(request.email ? { customer_email: request.email } : {}),
    line_items: [lineItem],
    metadata,
    // Copied so charges, invoices and renewals carry our ids too, not only the session.
    ...(request.mode === 'payment' ? { payment_intent_data: { metadata } } : { subscription_data: { metadata } }),
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  };
}

/** Any Stripe API failure becomes a plain Error with context: the caller answers 500 and Stripe retries. */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Stripe could not ${what}: ${reason}`, { cause: error });
  }
}

// The SDK's messages are long (links to docs) but never contain the secret; keep their first line.
function verificationFailure(error: unknown): string {
  if (error instanceof SyntaxError) return 'the body is not valid JSON';
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() || 'the signature does not verify';
}
