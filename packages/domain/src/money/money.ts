// Money rules of docs/architecture.md#money, as pure integer arithmetic. No floating point touches money:
// credits are integers, earnings are micro-USD (1e-6 USD), payouts are cents, shares are parts
// per million. Rounding is always down (floor), in the platform's favour, and documented here.

import { microUsdPerCredit, ppmWhole } from '@doppel/validation';

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** Gross value of credits in micro-USD. */
export function creditsToMicroUsd(credits: number): number {
  assertNonNegativeInteger('credits', credits);
  return credits * microUsdPerCredit;
}

/** `amount × share`, floored; share in parts per million (0 to 1,000,000). */
export function applyShare(amountMicroUsd: number, sharePpm: number): number {
  assertNonNegativeInteger('amount', amountMicroUsd);
  assertNonNegativeInteger('share', sharePpm);
  if (sharePpm > ppmWhole) throw new RangeError(`share must be at most ${ppmWhole} ppm, got ${sharePpm}`);
  // BigInt keeps the product exact beyond 2^53 (large totals times a share).
  return Number((BigInt(amountMicroUsd) * BigInt(sharePpm)) / BigInt(ppmWhole));
}

/** Converts a 0..1 share with at most 6 decimals (as typed in a form) to ppm, exactly. */
export function shareToPpm(share: number): number {
  if (!(share >= 0 && share <= 1)) throw new RangeError(`share must be between 0 and 1, got ${share}`);
  return Math.round(share * ppmWhole);
}

export type CreditBalance = { credits: number; paidCredits: number };
export type Spend = { free: number; paid: number };

/**
 * How a price is paid: free credits first, then paid ones. Undefined when the balance is short,
 * in which case nothing may be charged.
 */
export function planSpend(balance: CreditBalance, price: number): Spend | undefined {
  assertNonNegativeInteger('price', price);
  assertNonNegativeInteger('credits', balance.credits);
  assertNonNegativeInteger('paidCredits', balance.paidCredits);
  if (balance.credits + balance.paidCredits < price) return undefined;
  const free = Math.min(balance.credits, price);
  return { free, paid: price - free };
}

export type Earning = { grossMicroUsd: number; netMicroUsd: number; referralMicroUsd: number };

/**
 * What paid credits earn: gross comes from paid credits only (free credits earn nothing), the
 * talent's net is its revenue share of gross, and a referring talent gets its referral share of
 * the same gross (on top, not taken from the talent).
 */
export function earningOfPaidCredits(paidCredits: number, revenueSharePpm: number, referralSharePpm: number | null): Earning {
  return earningOfGross(creditsToMicroUsd(paidCredits), revenueSharePpm, referralSharePpm);
}

/** The same split for money paid directly (a subscription's price), gross in micro-USD. */
export function earningOfGross(grossMicroUsd: number, revenueSharePpm: number, referralSharePpm: number | null): Earning {
  return {
    grossMicroUsd,
    netMicroUsd: applyShare(grossMicroUsd, revenueSharePpm),
    referralMicroUsd: referralSharePpm === null ? 0 : applyShare(grossMicroUsd, referralSharePpm),
  };
}

/**
 * A price in minor units of USD (cents, 2 fraction digits) as micro-USD, exactly. Earnings are
 * booked in USD only: a price in another currency is refused rather than converted.
 */
export function usdPriceToMicroUsd(price: { amount: number; fractionDigits: number; currency: string }): number {
  assertNonNegativeInteger('amount', price.amount);
  if (price.currency.toUpperCase() !== 'USD') throw new RangeError(`earnings are booked in USD, got ${price.currency}`);
  if (!Number.isInteger(price.fractionDigits) || price.fractionDigits < 0 || price.fractionDigits > 6)
    throw new RangeError(`fraction digits must be 0 to 6, got ${price.fractionDigits}`);
  return price.amount * 10 ** (6 - price.fractionDigits);
}
