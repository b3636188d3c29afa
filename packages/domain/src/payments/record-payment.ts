import { checkouts, paymentLedger, payments, products, recordChanges, type Transaction, users } from '@doppel/db';
import type { PaymentProblem } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { lockFanBalance } from '../chat/send/balance.ts';
import { bookPaidSpend, earningSharesOf, planEarningOfGross } from '../earnings/record-earning.ts';
import { DomainError } from '../errors.ts';
import { usdPriceToMicroUsd } from '../money/money.ts';
import type { PaymentSucceeded, Price } from '../ports/payments.ts';
import { bookSubscriptionPeriod, planSubscription, type SubscriptionPlan } from './book-subscription.ts';
import { paymentChanges } from './changes.ts';
import { amountProblem, expectedPrice, type PaymentProblemNote } from './payment-checks.ts';
import { packListPriceCents } from './rules.ts';

export { providerOfKey } from './provider-of-key.ts';

export type RecordedPayment = {
  paymentId: string;
  isNew: boolean;
  userId: string | null;
  credits: number;
  /** Set when the money bought nothing (docs/payments.md, "Payments that buy nothing"). */
  problem: PaymentProblem | null;
};

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
 *
 * Before anything is written, the payment is held to its checkout and price (payment-checks.ts):
 * another fan's or product's checkout is refused (PaymentRefused), and a wrong amount, like a second
 * subscription to the same twin, is booked as money that bought nothing, with the reason for admins.
 */
export async function recordPayment(tx: Transaction, event: PaymentSucceeded, now = new Date()): Promise<RecordedPayment> {
  const [product] = await tx.select().from(products).where(eq(products.id, event.productId));
  if (!product) throw new DomainError('NOT_FOUND', 'This product does not exist.');
  const fan = await lockFanBalance(tx, event.userId);
  const userId = fan ? event.userId : null;

  const isSubscription = product.priceType === 'SUBSCRIPTION';
  if (isSubscription && (!event.subscription || !event.talentId))
    throw new Error(`subscription payment ${event.key} names no subscription or twin`);
  const expected = await expectedPrice(tx, event, product);
  const period = isSubscription && userId ? (event as SubscriptionPayment) : null;
  const plan: SubscriptionPlan | null = period ? await planSubscription(tx, period, now) : null;
  const problem: PaymentProblemNote | null =
    amountProblem(event.price, expected, event.checkoutId ? 'checkout' : 'renewal') ??
    (plan?.duplicateOf
      ? { kind: 'DUPLICATE_SUBSCRIPTION', reason: 'The fan already had a paid subscription to this twin; given back.' }
      : null);

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
      problem: problem?.kind ?? null,
      problemReason: problem?.reason ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: payments.id, userId: payments.userId, problem: payments.problem })
      .from(payments)
      .where(eq(payments.movementKey, event.key));
    if (!existing) throw new Error(`payment ${event.key} clashes with another payment's provider ids`);
    const [entry] = await tx
      .select({ paidCredits: paymentLedger.paidCredits })
      .from(paymentLedger)
      .where(eq(paymentLedger.key, event.key));
    return {
      paymentId: existing.id,
      isNew: false,
      userId: existing.userId,
      credits: entry?.paidCredits ?? 0,
      problem: existing.problem,
    };
  }
  const paymentId = inserted.id;

  if (event.checkoutId) {
    // A payment that bought nothing is not a completed purchase for the fan coming back.
    await tx
      .update(checkouts)
      .set({ status: problem ? 'FAILED' : 'COMPLETED', completedAt: problem ? null : now, updatedAt: now })
      .where(eq(checkouts.id, event.checkoutId));
  }

  if (!isSubscription) {
    const credits = userId && !problem ? (product.credits ?? 0) : 0;
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
    return { paymentId, isNew: true, userId, credits, problem: problem?.kind ?? null };
  }

  // A subscription period: extend (or start) the subscription, and the twin earns its price.
  const talentId = event.talentId as string;
  // A fan whose account is gone still paid: the money and earnings are booked, no access is kept.
  const subscriptionId =
    period && plan
      ? await bookSubscriptionPeriod(tx, { event: period, productId: product.id, plan, buysNothing: problem !== null, now })
      : null;
  if (problem) {
    await Promise.all([
      tx.update(payments).set({ subscriptionId }).where(eq(payments.id, paymentId)),
      tx.insert(paymentLedger).values({
        key: event.key,
        kind: 'PURCHASE',
        paymentId,
        userId,
        talentId,
        amount: event.price.amount,
        createdAt: now,
      }),
      recordChanges(tx, paymentChanges({ paymentId, userId })),
    ]);
    return { paymentId, isNew: true, userId, credits: 0, problem: problem.kind };
  }
  const shares = await earningSharesOf(tx, talentId);
  const earning = planEarningOfGross(shares, {
    talentId,
    source: 'subscription',
    grossMicroUsd: usdPriceToMicroUsd(event.price),
    ledgerKey: `payment:${event.key}`,
    at: now,
  });
  await Promise.all([
    tx.update(payments).set({ subscriptionId }).where(eq(payments.id, paymentId)),
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
  return { paymentId, isNew: true, userId, credits: 0, problem: null };
}

type SubscriptionPayment = PaymentSucceeded & { talentId: string; subscription: NonNullable<PaymentSucceeded['subscription']> };
