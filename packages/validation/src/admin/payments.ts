// The admin back-office Payments section (admin.payments.*, docs/product-rules.md#admin-back-office "Payments list: newest first,
// sandbox payments hidden, Load more. Detail: price chip, links to the card provider dashboard,
// Apple or Google transaction ids, user and talent."): every fan purchase with what became of its
// money, read from the payment ledger.
import { z } from 'zod';
import {
  paymentLedgerKinds,
  paymentProblems,
  paymentProviders,
  paymentReversalReasons,
  productPriceTypes,
  subscriptionStatuses,
} from '../enums.ts';
import { priceOutput, purchaseStatuses } from '../payments/index.ts';
import { adminChatFanOutput } from './chats.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';
import { adminPaymentPriceTypeFilters } from './payment-filters.ts';

export const adminPaymentsListInput = adminListInput({
  /** docs/product-rules.md#admin-back-office: sandbox payments are hidden unless asked for. */
  showSandbox: z.boolean().default(false),
  /** One price type, or `all` (the default). */
  priceType: z.enum(adminPaymentPriceTypeFilters).default('all'),
});
export type AdminPaymentsListInput = z.input<typeof adminPaymentsListInput>;

/** PAID, money (partly) given back, or a chargeback the twin has not won back (docs/payments.md). */
export const adminPaymentStatuses = purchaseStatuses;
export type AdminPaymentStatus = (typeof adminPaymentStatuses)[number];

export const adminPaymentTalentOutput = z.object({ id: z.string(), name: z.string(), tag: z.string().nullable() });

export const adminPaymentRowOutput = z.object({
  id: z.string(),
  /** ISO 8601; the list's order (newest first). */
  createdAt: z.iso.datetime(),
  price: priceOutput,
  /** The list price before a discount; equal to `price` when there was none. */
  originalPrice: priceOutput,
  priceType: z.enum(productPriceTypes),
  /** Null once the product was deleted. */
  productName: z.string().nullable(),
  /** Null when the fan's account or the twin was deleted. */
  user: adminChatFanOutput.nullable(),
  talent: adminPaymentTalentOutput.nullable(),
  isSandbox: z.boolean(),
  provider: z.enum(paymentProviders),
  status: z.enum(adminPaymentStatuses),
  /** Money given back so far (refunds and open disputes), minor units of the price's currency. */
  reversedAmount: z.number().int(),
  /** Money that bought nothing (a wrong amount, a second subscription), and why; null for a normal payment. */
  problem: z.object({ kind: z.enum(paymentProblems), reason: z.string() }).nullable(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowOutput>;

export const adminPaymentsListOutput = adminListOutput(adminPaymentRowOutput);
export type AdminPaymentsListOutput = z.infer<typeof adminPaymentsListOutput>;

export const adminPaymentGetInput = z.object({ paymentId: adminId('Payment ID') });
export type AdminPaymentGetInput = z.infer<typeof adminPaymentGetInput>;

/** One movement of the payment's money, as the ledger holds it: signed, money in positive. */
export const adminPaymentLedgerEntryOutput = z.object({
  id: z.string(),
  kind: z.enum(paymentLedgerKinds),
  /** Why money went back (REVERSAL); a REINSTATEMENT carries the reason of the reversal it undoes. */
  reason: z.enum(paymentReversalReasons).nullable(),
  /** The reversal a REINSTATEMENT undoes. */
  reversesEntryId: z.string().nullable(),
  /** Signed minor units of the payment's currency. */
  amount: z.number().int(),
  /** Paid credits added (positive) or taken back (negative). */
  paidCredits: z.number().int(),
  /** Credits a reversal could not take back because the fan had spent them. */
  shortfallCredits: z.number().int(),
  grossMicroUsd: z.number().int(),
  netMicroUsd: z.number().int(),
  referralMicroUsd: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AdminPaymentLedgerEntry = z.infer<typeof adminPaymentLedgerEntryOutput>;

export const adminPaymentDetailOutput = adminPaymentRowOutput.extend({
  movementKey: z.string(),
  /** Credits the product grants (null for a subscription or a deleted product). */
  productCredits: z.number().int().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  stripeInvoiceId: z.string().nullable(),
  appleTransactionId: z.string().nullable(),
  /** Google Play's order id (`GPA.…`). */
  googleTransactionId: z.string().nullable(),
  /** Links to the card provider's dashboard (test-mode dashboard when the server runs Stripe in test mode). */
  stripeLinks: z.object({ paymentIntent: z.url().nullable(), invoice: z.url().nullable() }),
  checkoutId: z.string().nullable(),
  /** The subscription a SUBSCRIPTION payment paid a period of. */
  subscription: z
    .object({
      id: z.string(),
      status: z.enum(subscriptionStatuses),
      currentPeriodEnd: z.iso.datetime(),
      endedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** Every movement of the payment's money, oldest first. */
  ledger: z.array(adminPaymentLedgerEntryOutput),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailOutput>;
