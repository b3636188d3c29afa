import { formatCents, microUsdPerCent, microUsdPerCredit } from '@doppel/validation';

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

const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price in integer minor units as money text: { amount: 1000, fractionDigits: 2, currency: 'USD' }
 * -> "$10.00". The amount is divided once for display only.
 */
export function formatPrice(price: { amount: number; fractionDigits: number; currency: string }): string {
  const key = `${price.currency}:${price.fractionDigits}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: price.currency.toUpperCase(),
      minimumFractionDigits: price.fractionDigits,
      maximumFractionDigits: price.fractionDigits,
    });
    priceFormats.set(key, format);
  }
  return format.format(price.amount / 10 ** price.fractionDigits);
}
