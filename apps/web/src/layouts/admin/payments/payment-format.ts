// How the Payments section words things: price types, statuses and providers, the list's filters
// in the address (?sandbox=shown&type=…), and each ledger movement as one line. Pure, unit-tested.
import {
  type AdminPaymentLedgerEntry,
  type AdminPaymentPriceTypeFilter,
  type AdminPaymentStatus,
  adminPaymentPriceTypeFilters,
  formatMicroUsd,
  type PaymentProblem,
  type PaymentProvider,
  type PriceView,
  type ProductPriceType,
} from '@doppel/validation';
import { formatPrice } from '../../../components/money.ts';
import type { ListParamsSpec } from '../../../kit/list-params.ts';

/** docs/product-rules.md#payment-price-types: ONE_TIME (Credits), SUBSCRIPTION, APPLE_ONE_TIME (IAP), GOOGLE_ONE_TIME (IAP). */
export const priceTypeLabels: Record<ProductPriceType, string> = {
  ONE_TIME: 'Credits',
  SUBSCRIPTION: 'Subscription',
  APPLE_ONE_TIME: 'Apple IAP',
  GOOGLE_ONE_TIME: 'Google IAP',
};

export const priceTypeFilterOptions = adminPaymentPriceTypeFilters.map((value) => ({
  value,
  label: value === 'all' ? 'All types' : priceTypeLabels[value],
}));

export const paymentStatusLabels: Record<AdminPaymentStatus, string> = {
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
  DISPUTED: 'Disputed',
};

export const paymentStatusColors: Record<AdminPaymentStatus, string> = {
  PAID: 'teal',
  PARTIALLY_REFUNDED: 'orange',
  REFUNDED: 'gray',
  DISPUTED: 'red',
};

/** Money that bought nothing (docs/payments.md): the badge next to the status. */
export const paymentProblemLabels: Record<PaymentProblem, string> = {
  AMOUNT_MISMATCH: 'Amount mismatch',
  DUPLICATE_SUBSCRIPTION: 'Duplicate subscription',
};

export const providerLabels: Record<PaymentProvider, string> = {
  stripe: 'Stripe',
  apple: 'App Store',
  google: 'Google Play',
  sandbox: 'Sandbox',
};

/** The list's address parameters: ?sandbox=shown (docs/product-rules.md#admin-back-office: hidden by default) and ?type=… (all by default). */
export const paymentListParams = {
  sandbox: { options: ['hidden', 'shown'], default: 'hidden' },
  type: { options: adminPaymentPriceTypeFilters, default: 'all' },
} as const satisfies ListParamsSpec;

/** Live events the Payments screens refresh on: payments, their ledger, subscriptions and product names. */
export const paymentEntities = ['payments', 'payment_ledger', 'subscriptions', 'products'] as const;

/** What the empty list says, and how to see the hidden sandbox payments. */
export function emptyPaymentsText(options: { showSandbox: boolean; priceType: AdminPaymentPriceTypeFilter }): string {
  const what = options.priceType === 'all' ? 'No payments yet.' : `No ${priceTypeLabels[options.priceType]} payments yet.`;
  return options.showSandbox ? what : `${what} Sandbox payments are hidden: turn on “Show sandbox” to see them.`;
}

/** Whether the chip shows a struck-through list price: only when it differs from what was paid. */
export function hasDiscount(payment: { price: PriceView; originalPrice: PriceView }): boolean {
  const { price, originalPrice } = payment;
  return (
    price.amount !== originalPrice.amount ||
    price.fractionDigits !== originalPrice.fractionDigits ||
    price.currency !== originalPrice.currency
  );
}

/** Signed money: "+$10.00", "−$5.00" (a true minus sign), "$0.00". */
export function formatSignedPrice(price: PriceView): string {
  const text = formatPrice({ ...price, amount: Math.abs(price.amount) });
  if (price.amount > 0) return `+${text}`;
  if (price.amount < 0) return `−${text}`;
  return text;
}

/** Micro-USD (the twin's earnings) as signed dollars: -600000 -> "−$0.60", 5000 -> "+$0.005". */
export function formatSignedMicroUsd(micros: number): string {
  const text = formatMicroUsd(Math.abs(micros));
  if (micros > 0) return `+${text}`;
  if (micros < 0) return `−${text}`;
  return text;
}

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

/** The movement's name: Purchase, Refund, Dispute, Reversal (no reason) or Dispute won (a reinstatement). */
export function movementTitle(entry: Pick<AdminPaymentLedgerEntry, 'kind' | 'reason'>): string {
  if (entry.kind === 'PURCHASE') return 'Purchase';
  // The ledger reinstates only a dispute's reversal, when the dispute is won.
  if (entry.kind === 'REINSTATEMENT') return 'Dispute won';
  if (entry.reason === 'REFUND') return 'Refund';
  if (entry.reason === 'DISPUTE') return 'Dispute';
  return 'Reversal';
}

/**
 * One ledger movement as a line: "Purchase +100 credits $10.00", "Refund −$5.00 · 40 credits taken
 * back · 10 already spent", "Dispute won +$10.00 · 40 credits given back".
 */
export function movementLabel(
  entry: Pick<AdminPaymentLedgerEntry, 'kind' | 'reason' | 'amount' | 'paidCredits' | 'shortfallCredits'>,
  price: Pick<PriceView, 'fractionDigits' | 'currency'>,
): string {
  const money = { amount: entry.amount, fractionDigits: price.fractionDigits, currency: price.currency };
  if (entry.kind === 'PURCHASE') {
    const added = entry.paidCredits > 0 ? ` +${credits(entry.paidCredits)}` : '';
    return `Purchase${added} ${formatPrice(money)}`;
  }
  const parts = [`${movementTitle(entry)} ${formatSignedPrice(money)}`];
  if (entry.paidCredits < 0) parts.push(`${credits(-entry.paidCredits)} taken back`);
  if (entry.paidCredits > 0) parts.push(`${credits(entry.paidCredits)} given back`);
  if (entry.shortfallCredits > 0) parts.push(`${entry.shortfallCredits} already spent`);
  return parts.join(' · ');
}

/** The twin's earnings a movement booked or reversed, or "—" when it booked none (credit packs earn when spent). */
export function movementEarnings(
  entry: Pick<AdminPaymentLedgerEntry, 'grossMicroUsd' | 'netMicroUsd' | 'referralMicroUsd'>,
): string {
  if (entry.grossMicroUsd === 0 && entry.netMicroUsd === 0 && entry.referralMicroUsd === 0) return '—';
  const parts = [`gross ${formatSignedMicroUsd(entry.grossMicroUsd)}`, `net ${formatSignedMicroUsd(entry.netMicroUsd)}`];
  if (entry.referralMicroUsd !== 0) parts.push(`referral ${formatSignedMicroUsd(entry.referralMicroUsd)}`);
  return parts.join(' · ');
}

export function paymentPath(paymentId: string): string {
  return `/payments/${encodeURIComponent(paymentId)}`;
}
