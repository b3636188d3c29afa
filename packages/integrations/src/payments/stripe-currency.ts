// Stripe counts amounts in each currency's smallest unit, which is not always a hundredth:
// https://docs.stripe.com/currencies#zero-decimal (and the three-decimal ones below it).
import type { Price } from '@doppel/domain/ports';

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** How many fraction digits Stripe's integer amounts carry in this currency. */
export const stripeFractionDigits = (currency: string): number => {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
};

/** A Stripe amount (`amount_total`, `amount_paid`…) as our Price. */
export const priceFromStripe = (amount: number, currency: string): Price => ({
  amount,
  fractionDigits: stripeFractionDigits(currency),
  currency: currency.toUpperCase(),
});

/**
 * Our price as Stripe's `unit_amount`. A price kept with other fraction digits than Stripe uses
 * (JPY stored in hundredths) is rescaled; one that would lose a fraction is refused, never rounded.
 */
export const toStripeUnitAmount = (price: Price): number => {
  const shift = stripeFractionDigits(price.currency) - price.fractionDigits;
  const amount = shift >= 0 ? price.amount * 10 ** shift : price.amount / 10 ** -shift;
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new Error(
      `Price ${price.amount} (${price.fractionDigits} fraction digits) cannot be charged in ${price.currency.toUpperCase()} by Stripe`,
    );
  }
  return amount;
};
