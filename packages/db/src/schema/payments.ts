import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import {
  checkoutModeEnum,
  checkoutStatusEnum,
  paymentLedgerKindEnum,
  paymentProblemEnum,
  paymentProviderEnum,
  paymentReversalReasonEnum,
  productPriceTypeEnum,
  subscriptionStatusEnum,
} from './enums.ts';
import { products } from './products.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/**
 * A fan's purchase (credits or a subscription). Prices are integer minor units with their
 * fraction digits and currency; `originalPrice` is the list price before discounts. The
 * provider transaction ids are unique so a replayed webhook cannot record a payment twice, and
 * `movementKey` (`stripe:pi_…`, `stripe:in_…`, `apple:…`, `google:…`, `sandbox:…`) is the one key
 * every event about the same money maps to (docs/payments.md).
 */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    movementKey: text().notNull(),
    priceAmount: bigint({ mode: 'number' }).notNull(),
    priceFractionDigits: integer().notNull().default(2),
    priceCurrency: text().notNull().default('USD'),
    originalPriceAmount: bigint({ mode: 'number' }).notNull(),
    originalPriceFractionDigits: integer().notNull().default(2),
    originalPriceCurrency: text().notNull().default('USD'),
    productPriceType: productPriceTypeEnum().notNull(),
    productId: text().references(() => products.id, { onDelete: 'set null' }),
    stripePaymentIntentId: text(),
    stripeInvoiceId: text(),
    appleTransactionId: text(),
    googleTransactionId: text(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    talentId: text().references(() => talents.id, { onDelete: 'set null' }),
    /** The checkout it came through (web purchases); store purchases have none. */
    checkoutId: text().references(() => checkouts.id, { onDelete: 'set null' }),
    /** The subscription a SUBSCRIPTION payment paid a period of. */
    subscriptionId: text().references(() => subscriptions.id, { onDelete: 'set null' }),
    isSandbox: boolean().notNull().default(false),
    /**
     * Money that came in but bought nothing (docs/payments.md, "Payments that buy nothing"): its
     * PURCHASE entry books the money with no credits and no earnings, and admins see why.
     */
    problem: paymentProblemEnum(),
    /** What an admin reads about the problem, e.g. "Paid 0.50 USD; the checkout was opened for 50.00 USD." */
    problemReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_movement_key_unique').on(t.movementKey),
    // Admin list, newest first, keyset (created, id): without sandbox payments (the default) or all.
    index('payments_live_created_id_idx').on(t.createdAt, t.id).where(sql`not ${t.isSandbox}`),
    index('payments_created_id_idx').on(t.createdAt, t.id),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_talent_created_idx').on(t.talentId, t.createdAt),
    index('payments_product_idx').on(t.productId),
    index('payments_checkout_idx').on(t.checkoutId).where(sql`${t.checkoutId} is not null`),
    index('payments_subscription_idx').on(t.subscriptionId).where(sql`${t.subscriptionId} is not null`),
    uniqueIndex('payments_stripe_payment_intent_unique').on(t.stripePaymentIntentId),
    uniqueIndex('payments_stripe_invoice_unique').on(t.stripeInvoiceId),
    uniqueIndex('payments_apple_transaction_unique').on(t.appleTransactionId),
    uniqueIndex('payments_google_transaction_unique').on(t.googleTransactionId),
    check(
      'payments_amounts_non_negative',
      sql`${t.priceAmount} >= 0 and ${t.originalPriceAmount} >= 0 and ${t.priceFractionDigits} between 0 and 6 and ${t.originalPriceFractionDigits} between 0 and 6`,
    ),
  ],
);

/**
 * The payment ledger: every movement of a fan's money, immutable, one row per unique key. A
 * PURCHASE adds the paid credits (or books a subscription's earnings); a REVERSAL (refund,
 * dispute) takes back what is left of them, records the credits already spent (`shortfallCredits`)
 * and reverses the twin's earnings for those; a REINSTATEMENT (dispute won) undoes one reversal
 * exactly. Amounts are signed: money and credits in are positive, out negative. Balances and
 * earning frames are read models; this table is the truth they are checked against.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: idColumn(),
    key: text().notNull(),
    kind: paymentLedgerKindEnum().notNull(),
    reason: paymentReversalReasonEnum(),
    paymentId: text()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The reversal a REINSTATEMENT undoes. */
    reversesEntryId: text().references((): AnyPgColumn => paymentLedger.id, { onDelete: 'restrict' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    talentId: text().references(() => talents.id, { onDelete: 'set null' }),
    /** Money, signed minor units of the payment's currency. */
    amount: bigint({ mode: 'number' }).notNull(),
    /** Paid credits added to (positive) or taken from (negative) the fan's balance. */
    paidCredits: integer().notNull().default(0),
    /** Credits a reversal could not take back because the fan had spent them. */
    shortfallCredits: integer().notNull().default(0),
    /** The twin's earnings booked (positive) or reversed (negative), micro-USD. */
    grossMicroUsd: bigint({ mode: 'number' }).notNull().default(0),
    netMicroUsd: bigint({ mode: 'number' }).notNull().default(0),
    referralMicroUsd: bigint({ mode: 'number' }).notNull().default(0),
    referralTalentId: text().references(() => talents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_ledger_key_unique').on(t.key),
    index('payment_ledger_payment_idx').on(t.paymentId, t.createdAt),
    index('payment_ledger_user_idx').on(t.userId, t.createdAt),
    // Foreign keys, so deleting a talent or a reversal never scans the ledger.
    index('payment_ledger_talent_idx').on(t.talentId),
    index('payment_ledger_referral_talent_idx').on(t.referralTalentId).where(sql`${t.referralTalentId} is not null`),
    uniqueIndex('payment_ledger_reverses_entry_unique').on(t.reversesEntryId).where(sql`${t.reversesEntryId} is not null`),
    check('payment_ledger_shortfall_non_negative', sql`${t.shortfallCredits} >= 0`),
  ],
);

/**
 * A hosted checkout we created (Stripe Checkout or the sandbox page): who buys what in which chat,
 * and how it ended, so the fan returning to the chat is told plainly.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idColumn(),
    provider: paymentProviderEnum().notNull(),
    mode: checkoutModeEnum().notNull(),
    status: checkoutStatusEnum().notNull().default('OPEN'),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentId: text().references(() => talents.id, { onDelete: 'set null' }),
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Stripe's checkout session id (`cs_…`); null for the sandbox. */
    externalId: text(),
    /**
     * The price the checkout was opened for, which the payment must match (null on checkouts
     * opened before it was kept: the product's price then).
     */
    priceAmount: bigint({ mode: 'number' }),
    priceFractionDigits: integer(),
    priceCurrency: text(),
    /** In-app path the fan returns to (the chat). */
    returnPath: text().notNull(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checkouts_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('checkouts_external_unique').on(t.externalId),
    index('checkouts_talent_idx').on(t.talentId),
    index('checkouts_product_idx').on(t.productId),
  ],
);

/**
 * A fan's subscription to a twin. While ACTIVE and inside its paid period, messages to that twin
 * cost no credits (unlocks still do); each paid period is a SUBSCRIPTION payment.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    provider: paymentProviderEnum().notNull(),
    /** Stripe's `sub_…`; the sandbox's own id. */
    externalId: text().notNull(),
    status: subscriptionStatusEnum().notNull().default('ACTIVE'),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    /**
     * The provider will not bill another period: the fan cancelled it at Stripe (cancel at period
     * end). Set from customer.subscription.updated; the "subscription ending" reach-out reads it.
     */
    endsAtPeriodEnd: boolean().notNull().default(false),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_external_unique').on(t.provider, t.externalId),
    // One paying subscription per fan and twin, whatever races past the check at checkout; the
    // booking ends a lapsed one before starting the next (payments/book-subscription.ts).
    uniqueIndex('subscriptions_one_active_per_fan_twin').on(t.userId, t.talentId).where(sql`${t.status} = 'ACTIVE'`),
    index('subscriptions_user_talent_idx').on(t.userId, t.talentId, t.currentPeriodEnd),
    index('subscriptions_talent_idx').on(t.talentId),
    index('subscriptions_product_idx').on(t.productId),
  ],
);

/**
 * Every verified provider delivery, stored by the provider's event id in the transaction that
 * processes it: a replay (or 100 concurrent deliveries) finds the row and books nothing again.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: paymentProviderEnum().notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
