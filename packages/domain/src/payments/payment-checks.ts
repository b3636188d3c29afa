// What a payment must agree with before it buys anything (docs/payments.md, "Payments that buy
// nothing"): the checkout it names is this fan's checkout of this product, and the money is the
// price that checkout was opened for. A disagreement about who or what is refused; a disagreement
// about the money is booked as money that bought nothing, for an admin to see.
import { checkouts, type Transaction } from '@doppel/db';
import type { PaymentProblem } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import type { PaymentSucceeded, Price } from '../ports/payments.ts';
import { providerOfKey } from './provider-of-key.ts';
import { PaymentRefused } from './refused.ts';
import { priceText, productPrice, samePrice } from './rules.ts';

export type PaymentProblemNote = { kind: PaymentProblem; reason: string };

/**
 * The price the payment must match, or null when there is none to hold it to. Through a checkout:
 * the price it was opened for (the product's, on checkouts from before that was kept). A
 * subscription's renewal: the product's price. A store purchase: none, since the store charges its
 * own price per country; the adapter has checked which product was bought.
 */
export async function expectedPrice(
  tx: Transaction,
  event: PaymentSucceeded,
  product: { priceAmount: number; currency: string },
): Promise<Price | null> {
  if (!event.checkoutId) return event.subscription ? productPrice(product) : null;
  const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, event.checkoutId));
  const refuse = (reason: 'UNKNOWN_CHECKOUT' | 'CHECKOUT_MISMATCH') =>
    new PaymentRefused({ key: event.key, checkoutId: event.checkoutId ?? null, reason });
  if (!checkout) throw refuse('UNKNOWN_CHECKOUT');
  // The checkout row is the truth of who buys what: an event naming another fan, product, twin or
  // provider than the checkout it names books nothing for anyone.
  const differs =
    checkout.userId !== event.userId ||
    checkout.productId !== event.productId ||
    checkout.provider !== providerOfKey(event.key) ||
    (checkout.talentId !== null && checkout.talentId !== event.talentId);
  if (differs) throw refuse('CHECKOUT_MISMATCH');
  if (checkout.priceAmount === null || checkout.priceFractionDigits === null || checkout.priceCurrency === null)
    return productPrice(product);
  return { amount: checkout.priceAmount, fractionDigits: checkout.priceFractionDigits, currency: checkout.priceCurrency };
}

/** An amount or currency other than expected, worded for the admin; null when they agree. */
export function amountProblem(paid: Price, expected: Price | null, through: 'checkout' | 'renewal'): PaymentProblemNote | null {
  if (!expected || samePrice(paid, expected)) return null;
  const what = through === 'checkout' ? 'the checkout was opened for' : 'the subscription costs';
  return { kind: 'AMOUNT_MISMATCH', reason: `Paid ${priceText(paid)}; ${what} ${priceText(expected)}.` };
}
