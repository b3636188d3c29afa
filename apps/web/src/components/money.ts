import { formatCents, formatMinorUnits, microUsdPerCent, microUsdPerCredit } from '@doppel/validation';

/**
 * What a price in credits is worth to a fan, in cents (1 credit = 0.10 USD), or null while the field
 * holds no whole, non-negative number.
 */
export function creditsToCents(credits: unknown): number | null {
  const value = typeof credits === 'string' && credits.trim() !== '' ? Number(credits) : credits;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return null;
  return Math.floor((value * microUsdPerCredit) / microUsdPerCent);
}

/** The live USD equivalent under a price field: "= $0.50", or "" for an incomplete entry. */
export function usdEquivalent(credits: unknown): string {
  const cents = creditsToCents(credits);
  return cents === null ? '' : `= ${formatCents(cents)}`;
}

/**
 * A price in integer minor units as money text: { amount: 1000, fractionDigits: 2, currency: 'USD' }
 * -> "$10.00". The amount is never divided: the decimal point is placed in the text.
 */
export function formatPrice(price: { amount: number; fractionDigits: number; currency: string }): string {
  return formatMinorUnits(price.amount, price.fractionDigits, price.currency);
}
