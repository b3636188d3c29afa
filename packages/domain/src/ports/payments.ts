// Ports of the payment providers (docs/payments.md#providers). The adapters in
// packages/integrations turn each provider's objects into the provider-neutral events below;
// the domain (packages/domain/src/payments) books them exactly once. docs/payments.md has the map.

/** A price in integer minor units of its currency (cents for USD). */
export type Price = { amount: number; fractionDigits: number; currency: string };

export type PaymentProviderName = 'stripe' | 'apple' | 'google' | 'sandbox';

/** The ids a payment row keeps so admins can find it at the provider. */
export type ProviderPaymentIds = {
  stripePaymentIntentId?: string | null;
  stripeInvoiceId?: string | null;
  appleTransactionId?: string | null;
  googleTransactionId?: string | null;
};

/**
 * Money came in. `key` is the money movement's unique key: the same charge, invoice or store
 * transaction always yields the same key (`stripe:pi_…`, `stripe:in_…`, `apple:<transactionId>`,
 * `google:<orderId>`, `sandbox:<checkoutId>`), whichever event reported it, so it is booked once.
 */
export type PaymentSucceeded = {
  type: 'payment.succeeded';
  key: string;
  userId: string;
  /** The twin the fan bought in (the chat it came from); a subscription's twin. */
  talentId: string | null;
  productId: string;
  price: Price;
  ids: ProviderPaymentIds;
  /** Our checkout's id when the payment came through a checkout we created. */
  checkoutId?: string | null;
  /** Set for subscription payments: the provider's subscription and the paid period's end. */
  subscription?: { externalId: string; periodEnd: Date } | null;
  isSandbox: boolean;
};

/** How a reversal names its payment: by its movement key, or (Stripe) by the PaymentIntent it was paid with. */
export type PaymentRef = { key: string } | { stripePaymentIntentId: string };

/**
 * Money went back: a refund or a dispute. `amount` (minor units) is how much of the payment this
 * reversal covers in total: for Stripe refunds the charge's cumulative `amount_refunded`, for a
 * dispute its amount; null means the whole payment (a store refund). `key` names the reversal
 * (`stripe:refund:ch_…:<amount_refunded>`, `stripe:dispute:dp_…`, `apple:refund:<transactionId>`,
 * `google:void:<orderId>`), so a replay books nothing.
 */
export type PaymentReversed = {
  type: 'payment.reversed';
  key: string;
  payment: PaymentRef;
  reason: 'REFUND' | 'DISPUTE';
  amount: number | null;
};

/** A dispute was won: what its reversal took back is given back. */
export type PaymentReinstated = {
  type: 'payment.reinstated';
  key: string;
  /** The key of the reversal being undone (`stripe:dispute:dp_…`, `apple:refund:<transactionId>`). */
  reversalKey: string;
  /**
   * The payment, so an outcome that arrives before its reversal (or for a reversal that never
   * moved money, an inquiry) voids that reversal instead of waiting for it forever.
   */
  payment: PaymentRef;
};

/** The provider ended a subscription (cancelled, unpaid); messages are charged again. */
export type SubscriptionEnded = { type: 'subscription.ended'; externalId: string; endedAt: Date };

/**
 * Whether the provider will bill the subscription's next period: `endsAtPeriodEnd` once the fan
 * cancelled it (it runs to the end of the period paid), false again when they resume it.
 */
export type SubscriptionRenewalChanged = { type: 'subscription.renewal'; externalId: string; endsAtPeriodEnd: boolean };

/** A checkout was abandoned or its asynchronous payment failed: the fan is told so. */
export type CheckoutClosed = { type: 'checkout.closed'; checkoutId: string; outcome: 'EXPIRED' | 'FAILED' };

/** An event the provider sends that moves no money we track (acknowledged and stored, nothing else). */
export type PaymentEventIgnored = { type: 'ignored'; reason: string };

export type PaymentEvent =
  | PaymentSucceeded
  | PaymentReversed
  | PaymentReinstated
  | SubscriptionEnded
  | SubscriptionRenewalChanged
  | CheckoutClosed
  | PaymentEventIgnored;

/** One verified provider event: its id at the provider (stored before processing), kind and meaning. */
export type VerifiedProviderEvent = {
  provider: PaymentProviderName;
  /** Unique per provider: Stripe `evt_…`, Apple `notificationUUID`, Google Pub/Sub `messageId`. */
  eventId: string;
  /** The provider's own event type, for the log (`checkout.session.completed`, `REFUND`…). */
  eventType: string;
  /** What the event means for us; one provider event may mean several things. */
  events: PaymentEvent[];
  /** The raw payload as received, kept with the stored event for support. */
  payload: unknown;
};

/** A request to pay on a hosted page (Stripe Checkout or the sandbox page). */
export type CheckoutRequest = {
  checkoutId: string;
  mode: 'payment' | 'subscription';
  userId: string;
  email: string | null;
  talentId: string | null;
  product: { id: string; name: string; price: Price; externalId: string | null; credits: number | null };
  successUrl: string;
  cancelUrl: string;
};

export type HostedCheckout = { externalId: string; url: string };

/** Card payments on a hosted page: Stripe when configured, otherwise the sandbox. */
export type CardPayments = {
  readonly provider: 'stripe' | 'sandbox';
  /** Stripe test keys and the sandbox are not live money (admin links go to the test dashboard). */
  readonly isTestMode: boolean;
  createCheckout: (request: CheckoutRequest) => Promise<HostedCheckout>;
  /**
   * Verifies a webhook delivery (raw body and signature header) and says what it means.
   * Throws PaymentVerificationError when the signature or payload is not genuine.
   */
  verifyWebhook: (rawBody: Buffer, signature: string | undefined) => Promise<VerifiedProviderEvent>;
  /**
   * Ends a subscription at the provider at once, without proration (a second subscription to a
   * twin we refuse to keep). Safe to repeat: an already ended one is left as it is.
   */
  cancelSubscription: (externalId: string) => Promise<void>;
  /** Refunds the whole payment made with this PaymentIntent. Safe to repeat: a refunded one is left as it is. */
  refundPayment: (paymentIntentId: string) => Promise<void>;
};

/** A purchase verified with the store, ready to book. */
export type StorePurchase = {
  key: string;
  storeProductId: string;
  /** What the fan paid, when the store says (Apple's `price`); otherwise the product's price. */
  price: Price | null;
  ids: ProviderPaymentIds;
  isSandbox: boolean;
};

/** App Store: StoreKit 2 signed transactions and App Store Server Notifications v2. */
export type AppStore = {
  /** Verifies a JWS signed transaction (chain to Apple's root, bundle id, environment). */
  verifyTransaction: (signedTransaction: string) => Promise<StorePurchase>;
  verifyNotification: (signedPayload: string) => Promise<VerifiedProviderEvent>;
};

/** Google Play: purchase tokens and real-time developer notifications. */
export type PlayStore = {
  /** Checks the token with the Play Developer API; refuses one that is not purchased. */
  verifyPurchase: (input: { storeProductId: string; purchaseToken: string }) => Promise<StorePurchase>;
  /** Consumes a verified one-time purchase so it can be bought again; safe to repeat. */
  consumePurchase: (input: { storeProductId: string; purchaseToken: string }) => Promise<void>;
  /** Decodes a Pub/Sub push of a real-time developer notification. */
  parseNotification: (body: unknown) => Promise<VerifiedProviderEvent>;
};

/** A delivery or a purchase that is not genuine: bad signature, wrong app, tampered, unknown. */
export class PaymentVerificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentVerificationError';
  }
}
