// The payment rules of docs/payments.md as pure integer arithmetic, unit-tested in rules.test.ts.
// A reversal (refund, dispute) takes back a proportion of a payment; every proportion is computed
// cumulatively (floor of total × reversed so far ÷ price, minus what earlier reversals took), so
// partial refunds in any number of steps add up to exactly the whole when the whole is refunded.

import { microUsdPerCent, microUsdPerCredit, type PaymentLedgerKind, type PaymentReversalReason } from '@doppel/validation';
import type { Price } from '../ports/payments.ts';

/** 0.10 USD per credit (docs/product-rules.md#constants-and-limits), in cents. */
const creditPriceCents = microUsdPerCredit / microUsdPerCent;

/** Products are priced in whole minor units of their currency, two fraction digits (cents). */
export function productPrice(product: { priceAmount: number; currency: string }): Price {
  return { amount: product.priceAmount, fractionDigits: 2, currency: product.currency };
}

/**
 * Whether two prices are the same money: same currency and the same value, whatever fraction
 * digits each is written with (999 with 2 digits is 9990 with 3).
 */
export function samePrice(a: Price, b: Price): boolean {
  if (a.currency.toUpperCase() !== b.currency.toUpperCase()) return false;
  const digits = Math.max(a.fractionDigits, b.fractionDigits);
  const scaled = (price: Price) => BigInt(price.amount) * 10n ** BigInt(digits - price.fractionDigits);
  return scaled(a) === scaled(b);
}

/** How a price reads in an admin's note: `0.50 USD`. */
export function priceText(price: Price): string {
  const digits = Math.max(0, price.fractionDigits);
  const whole = (price.amount / 10 ** digits).toFixed(digits);
  return `${whole} ${price.currency.toUpperCase()}`;
}

/**
 * A pack's list price: its credits at 0.10 USD each, or its price when that is higher. A pack sold
 * below it shows the saving; the payment keeps it as `originalPrice`.
 */
export function packListPriceCents(credits: number, priceCents: number): number {
  return Math.max(priceCents, credits * creditPriceCents);
}

/** A subscription's paid period when the provider does not say (the sandbox): one calendar month. */
export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCMonth(next.getUTCMonth() + 1);
  // 31 January + 1 month is the last day of February, not 2 or 3 March.
  if (next.getUTCDate() !== day) next.setUTCDate(0);
  return next;
}

/** The part of a ledger entry the rules read. Amounts are signed as stored. */
export type LedgerAmounts = {
  kind: PaymentLedgerKind;
  reason: PaymentReversalReason | null;
  amount: number;
  paidCredits: number;
  shortfallCredits: number;
  grossMicroUsd: number;
  netMicroUsd: number;
  referralMicroUsd: number;
};

/** Money of the payment reversed so far (refunds and disputes, less reinstatements), optionally of one reason. */
export function reversedAmount(entries: readonly LedgerAmounts[], reason?: PaymentReversalReason): number {
  return entries
    .filter((entry) => entry.kind !== 'PURCHASE' && (reason === undefined || entry.reason === reason))
    .reduce((sum, entry) => sum - entry.amount, 0);
}

/** Credits of the purchase covered by reversals so far: taken back plus already spent (shortfall). */
export function reversedCredits(entries: readonly LedgerAmounts[]): number {
  return entries.reduce((sum, entry) => {
    if (entry.kind === 'REVERSAL') return sum - entry.paidCredits + entry.shortfallCredits;
    if (entry.kind === 'REINSTATEMENT') return sum - entry.paidCredits - entry.shortfallCredits;
    return sum;
  }, 0);
}

/** Earnings reversed so far (positive micro-USD), per column. */
export function reversedEarnings(entries: readonly LedgerAmounts[]): { gross: number; net: number; referral: number } {
  const undone = entries.filter((entry) => entry.kind !== 'PURCHASE');
  const sum = (pick: (entry: LedgerAmounts) => number) => undone.reduce((total, entry) => total - pick(entry), 0);
  return { gross: sum((e) => e.grossMicroUsd), net: sum((e) => e.netMicroUsd), referral: sum((e) => e.referralMicroUsd) };
}

/**
 * How much money a new reversal takes back now. A refund's `target` is cumulative (Stripe's
 * amount_refunded): only the part beyond earlier refunds counts. A dispute's target is its own
 * amount. Null means the whole payment. Never more than what is left of the payment.
 */
export function reversalDelta(input: {
  price: number;
  entries: readonly LedgerAmounts[];
  reason: PaymentReversalReason;
  target: number | null;
}): number {
  const target = Math.min(input.target ?? input.price, input.price);
  const already = input.reason === 'REFUND' ? reversedAmount(input.entries, 'REFUND') : 0;
  const left = input.price - reversedAmount(input.entries);
  return Math.max(0, Math.min(target - already, left));
}

/** `total × part ÷ whole`, floored, in exact integer arithmetic. */
export function proportion(total: number, part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? total : 0;
  return Number((BigInt(total) * BigInt(part)) / BigInt(whole));
}

/**
 * What a reversal of `delta` takes back of what the purchase gave, cumulatively: the credits of a
 * pack, or the earnings booked for a subscription period.
 */
export function reversalShare(input: { price: number; entries: readonly LedgerAmounts[]; delta: number }): {
  credits: number;
  gross: number;
  net: number;
  referral: number;
} {
  const purchase = input.entries.find((entry) => entry.kind === 'PURCHASE');
  if (!purchase) throw new Error('a payment without its purchase entry cannot be reversed');
  const after = reversedAmount(input.entries) + input.delta;
  const earlier = reversedEarnings(input.entries);
  const share = (total: number, taken: number) => Math.max(0, proportion(total, after, input.price) - taken);
  return {
    credits: share(purchase.paidCredits, reversedCredits(input.entries)),
    gross: share(purchase.grossMicroUsd, earlier.gross),
    net: share(purchase.netMicroUsd, earlier.net),
    referral: share(purchase.referralMicroUsd, earlier.referral),
  };
}

/** Credits to take back from the fan's paid credits, and those already spent (never below zero). */
export function takeBack(credits: number, paidCreditsLeft: number): { taken: number; shortfall: number } {
  const taken = Math.min(credits, Math.max(0, paidCreditsLeft));
  return { taken, shortfall: credits - taken };
}
