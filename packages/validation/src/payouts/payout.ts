import { z } from 'zod';
import { payoutStatuses, transferTypes } from '../enums.ts';

export { payoutReasonText, unknownPayoutReason } from './payout-reason.ts';

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
