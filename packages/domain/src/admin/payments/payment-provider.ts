// Who took a payment's money and where the card provider's dashboard shows it. Pure, unit-tested.
import type { PaymentProvider, ProductPriceType } from '@doppel/validation';

/**
 * The sandbox (no real money), an app store, or Stripe (the web checkout). Read from the row's own
 * fields rather than the movement key's prefix, so an admin screen never fails on an odd key.
 */
export function paymentProviderOf(payment: {
  isSandbox: boolean;
  priceType: ProductPriceType;
  appleTransactionId: string | null;
  googleTransactionId: string | null;
}): PaymentProvider {
  if (payment.isSandbox) return 'sandbox';
  if (payment.appleTransactionId || payment.priceType === 'APPLE_ONE_TIME') return 'apple';
  if (payment.googleTransactionId || payment.priceType === 'GOOGLE_ONE_TIME') return 'google';
  return 'stripe';
}

/**
 * The Stripe dashboard's pages of a payment intent and an invoice. Test-mode objects live under
 * `/test`, so a server running a test key links there.
 */
export function stripeDashboardLinks(
  ids: { paymentIntentId: string | null; invoiceId: string | null },
  options: { testMode: boolean },
): { paymentIntent: string | null; invoice: string | null } {
  const base = `https://dashboard.stripe.com${options.testMode ? '/test' : ''}`;
  const link = (kind: string, id: string | null) => (id ? `${base}/${kind}/${encodeURIComponent(id)}` : null);
  return { paymentIntent: link('payments', ids.paymentIntentId), invoice: link('invoices', ids.invoiceId) };
}
