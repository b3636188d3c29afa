import { checkouts, paymentLedger, payments, products, recordChanges, subscriptions, type Transaction, users } from '@doppel/db';
import { eq, sql } from 'drizzle-orm';
import { lockFanBalance } from '../chat/send/balance.ts';
import { bookPaidSpend, earningSharesOf, planEarningOfGross } from '../earnings/record-earning.ts';
import { DomainError } from '../errors.ts';
import { usdPriceToMicroUsd } from '../money/money.ts';
import type { PaymentSucceeded, Price } from '../ports/payments.ts';
import { paymentChanges } from './changes.ts';
import { packListPriceCents } from './rules.ts';

export type RecordedPayment = { paymentId: string; isNew: boolean; userId: string | null; credits: number };

/** The provider a movement key names (`stripe:…`, `apple:…`, `google:…`, `sandbox:…`). */
export function providerOfKey(key: string): 'stripe' | 'apple' | 'google' | 'sandbox' {
  const prefix = key.slice(0, key.indexOf(':'));
  if (prefix === 'stripe' || prefix === 'apple' || prefix === 'google' || prefix === 'sandbox') return prefix;
  throw new Error(`unknown movement key ${key}`);
}

/** A pack's list price: its credits at 0.10 USD; the price itself for anything else. */
function originalPriceOf(product: { credits: number | null; priceType: string }, price: Price): Price {
  if (product.priceType !== 'SUBSCRIPTION' && product.credits && price.currency === 'USD' && price.fractionDigits === 2)
    return { ...price, amount: packListPriceCents(product.credits, price.amount) };
  return price;
}

/**
 * Books money that came in, exactly once per movement key, in the caller's transaction: the
 * payment row, its PURCHASE ledger entry, and what it buys: a pack's paid credits on the fan's
 * balance, or a subscription's paid period and the twin's subscription earnings. The fan's row is
 * locked first (the lock order of every spend), so concurrent deliveries of the same payment queue
 * there and the later ones find the payment already booked.
 */
export async function recordPayment(tx: Transaction, event: PaymentSucceeded, now = new Date()): Promise<RecordedPayment> {
  const [product] = await tx.select().from(products).where(eq(products.id, event.productId));
  if (!product) throw new DomainError('NOT_FOUND', 'This product does not exist.');
  const fan = await lockFanBalance(tx, event.userId);
  const userId = fan ? event.userId : null;

  const isSubscription = product.priceType === 'SUBSCRIPTION';
  if (isSubscription && (!event.subscription || !event.talentId))
    throw new Error(`subscription payment ${event.key} names no subscription or twin`);
  const original = originalPriceOf(product, event.price);
  const [inserted] = await tx
    .insert(payments)
    .values({
      movementKey: event.key,
      priceAmount: event.price.amount,
      priceFractionDigits: event.price.fractionDigits,
      priceCurrency: event.price.currency,
      originalPriceAmount: original.amount,
      originalPriceFractionDigits: original.fractionDigits,
      originalPriceCurrency: original.currency,
      productPriceType: product.priceType,
      productId: product.id,
      stripePaymentIntentId: event.ids.stripePaymentIntentId ?? null,
      stripeInvoiceId: event.ids.stripeInvoiceId ?? null,
      appleTransactionId: event.ids.appleTransactionId ?? null,
      googleTransactionId: event.ids.googleTransactionId ?? null,
      userId,
      talentId: event.talentId,
      checkoutId: event.checkoutId ?? null,
      isSandbox: event.isSandbox,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: payments.id, userId: payments.userId })
      .from(payments)
      .where(eq(payments.movementKey, event.key));
    if (!existing) throw new Error(`payment ${event.key} clashes with another payment's provider ids`);
    const [entry] = await tx
      .select({ paidCredits: paymentLedger.paidCredits })
      .from(paymentLedger)
      .where(eq(paymentLedger.key, event.key));
    return { paymentId: existing.id, isNew: false, userId: existing.userId, credits: entry?.paidCredits ?? 0 };
  }
  const paymentId = inserted.id;

  if (event.checkoutId) {
    await tx
      .update(checkouts)
      .set({ status: 'COMPLETED', completedAt: now, updatedAt: now })
      .where(eq(checkouts.id, event.checkoutId));
  }

  if (!isSubscription) {
    const credits = userId ? (product.credits ?? 0) : 0;
    await Promise.all([
      credits > 0
        ? tx
            .update(users)
            .set({ paidCredits: sql`${users.paidCredits} + ${credits}` })
            .where(eq(users.id, event.userId))
        : undefined,
      tx.insert(paymentLedger).values({
        key: event.key,
        kind: 'PURCHASE',
        paymentId,
        userId,
        talentId: event.talentId,
        amount: event.price.amount,
        paidCredits: credits,
        createdAt: now,
      }),
      recordChanges(tx, paymentChanges({ paymentId, userId })),
    ]);
    return { paymentId, isNew: true, userId, credits };
  }

  // A subscription period: extend (or start) the subscription, and the twin earns its price.
  const subscription = event.subscription as NonNullable<PaymentSucceeded['subscription']>;
  const talentId = event.talentId as string;
  // A fan whose account is gone still paid: the money and earnings are booked, no access is kept.
  const [held] = !userId
    ? []
    : await tx
        .insert(subscriptions)
        .values({
          provider: providerOfKey(event.key),
          externalId: subscription.externalId,
          userId: event.userId,
          talentId,
          productId: product.id,
          currentPeriodEnd: subscription.periodEnd,
        })
        .onConflictDoUpdate({
          target: [subscriptions.provider, subscriptions.externalId],
          set: {
            currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, excluded.current_period_end)`,
            updatedAt: now,
          },
        })
        .returning({ id: subscriptions.id });
  const shares = await earningSharesOf(tx, talentId);
  const earning = planEarningOfGross(shares, {
    talentId,
    source: 'subscription',
    grossMicroUsd: usdPriceToMicroUsd(event.price),
    ledgerKey: `payment:${event.key}`,
    at: now,
  });
  await Promise.all([
    tx
      .update(payments)
      .set({ subscriptionId: held?.id ?? null })
      .where(eq(payments.id, paymentId)),
    tx.insert(paymentLedger).values({
      key: event.key,
      kind: 'PURCHASE',
      paymentId,
      userId,
      talentId,
      amount: event.price.amount,
      grossMicroUsd: earning.grossMicroUsd,
      netMicroUsd: earning.netMicroUsd,
      referralMicroUsd: earning.referralMicroUsd,
      referralTalentId: earning.referralMicroUsd > 0 ? earning.referralTalentId : null,
      createdAt: now,
    }),
    recordChanges(tx, paymentChanges({ paymentId, userId, earningTalentIds: [talentId, earning.referralTalentId] })),
  ]);
  // The twin's frame rows are shared by all its paying fans: booked last, just before the commit.
  await bookPaidSpend(tx, earning);
  return { paymentId, isNew: true, userId, credits: 0 };
}
