// The admin back-office Payouts section (admin.payouts.*, docs/product-rules.md#admin-back-office "Payouts list: newest first,
// amount and status chip, Load more. Detail: status, amount, talent, timeline, payout details, and
// a settings form with status and reason."). Every status change is a talent ledger entry with who
// made it; the detail's timeline is those entries.
import { z } from 'zod';
import { payoutStatuses, transferTypes } from '../enums.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

export const adminPayoutStatusFilters = ['all', ...payoutStatuses] as const;
export type AdminPayoutStatusFilter = (typeof adminPayoutStatusFilters)[number];

export const adminPayoutsListInput = adminListInput({
  status: z.enum(adminPayoutStatusFilters).default('all'),
});
export type AdminPayoutsListInput = z.input<typeof adminPayoutsListInput>;

const talentRef = z.object({ id: z.string(), name: z.string(), tag: z.string().nullable() });

export const adminPayoutRowOutput = z.object({
  id: z.string(),
  /** ISO 8601; the list's order (newest first). */
  createdAt: z.iso.datetime(),
  status: z.enum(payoutStatuses),
  /** Cents of `currency`. */
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  transferType: z.enum(transferTypes),
  talent: talentRef,
});
export type AdminPayoutRow = z.infer<typeof adminPayoutRowOutput>;

export const adminPayoutsListOutput = adminListOutput(adminPayoutRowOutput);
export type AdminPayoutsListOutput = z.infer<typeof adminPayoutsListOutput>;

export const adminPayoutGetInput = z.object({ payoutId: adminId('Payout ID') });

/** One status change of the payout (a talent ledger entry), oldest first. */
export const adminPayoutTimelineEntryOutput = z.object({
  id: z.string(),
  status: z.enum(payoutStatuses),
  /** Null for the request itself. */
  previousStatus: z.enum(payoutStatuses).nullable(),
  /** Signed cents: + held by the request or a re-opening, - released by a rejection or failure. */
  heldCents: z.number().int(),
  /** Signed cents: + paid out when executed, - when an executed payout is set back. */
  paidCents: z.number().int(),
  reason: z.string().nullable(),
  /** Who made the change; null for the system (PayPal, a job). */
  actor: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  at: z.iso.datetime(),
});
export type AdminPayoutTimelineEntry = z.infer<typeof adminPayoutTimelineEntryOutput>;

export const adminPayoutDetailOutput = z.object({
  id: z.string(),
  status: z.enum(payoutStatuses),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  transferType: z.enum(transferTypes),
  accountHolderName: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  payPalEmail: z.string().nullable(),
  taxId: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  executedAt: z.iso.datetime().nullable(),
  rejectedAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  talent: talentRef,
  requestedBy: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  timeline: z.array(adminPayoutTimelineEntryOutput),
  payPal: z.object({
    /** Whether PayPal Payouts is configured on this server (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET). */
    configured: z.boolean(),
    batchId: z.string().nullable(),
    /** PENDING, PROCESSING, SUCCESS, DENIED or CANCELED as PayPal last reported it. */
    batchStatus: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
  }),
});
export type AdminPayoutDetail = z.infer<typeof adminPayoutDetailOutput>;

/** docs/product-rules.md#admin-forms "Payout admin form: status from the list; rejection reason a string." */
export const adminPayoutUpdateInput = z
  .object({
    payoutId: adminId('Payout ID'),
    status: z.enum(payoutStatuses),
    /** Kept for REJECTED and FAILED only, and required there (issue 26): the creator reads it. */
    rejectionReason: z.string().trim().max(500, 'At most 500 characters').default(''),
  })
  .refine((input) => !payoutNeedsReason(input.status) || input.rejectionReason !== '', {
    path: ['rejectionReason'],
    message: 'Give the reason the creator will read',
  });

/** A rejected or failed payout tells the creator why; "Unknown reason" is only for older ones without. */
export const payoutNeedsReason = (status: (typeof payoutStatuses)[number]): boolean =>
  status === 'REJECTED' || status === 'FAILED';
export type AdminPayoutUpdateInput = z.input<typeof adminPayoutUpdateInput>;

export const adminPayoutSendPayPalInput = z.object({ payoutId: adminId('Payout ID') });

/** `admin.payouts.bankFile`: pending bank payouts as a pain.001 credit-transfer file. */
export const adminPayoutBankFileOutput = z.object({
  filename: z.string(),
  xml: z.string(),
  payoutCount: z.number().int(),
  totalCents: z.number().int(),
});
export type AdminPayoutBankFile = z.infer<typeof adminPayoutBankFileOutput>;

/** `admin.payouts.bankFileStatus`: whether the file can be made and how many payouts it would hold. */
export const adminPayoutBankFileStatusOutput = z.object({
  /** Null when ready; otherwise why the file cannot be made (the debtor account is not configured). */
  unavailableReason: z.string().nullable(),
  pendingBankPayouts: z.number().int(),
});
