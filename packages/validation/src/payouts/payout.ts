import { z } from 'zod';
import { payoutStatuses, transferTypes } from '../enums.ts';

/** docs/product-rules.md#errors-and-success-messages: what REJECTED and FAILED payouts show when no reason was given. */
export const unknownPayoutReason = 'Unknown reason';

/** The reason a payout shows: REJECTED and FAILED give theirs or "Unknown reason"; others none. */
export function payoutReasonText(status: (typeof payoutStatuses)[number], reason: string | null): string | null {
  if (status !== 'REJECTED' && status !== 'FAILED') return null;
  return reason?.trim() ? reason : unknownPayoutReason;
}

/** A payout as its creator and the lists see it. Amounts in cents (USD). */
export const payoutOutput = z.object({
  id: z.string(),
  status: z.enum(payoutStatuses),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  transferType: z.enum(transferTypes),
  requestedAt: z.iso.datetime(),
  executedAt: z.iso.datetime().nullable(),
  rejectedAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  rejectionReason: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutOutput>;
