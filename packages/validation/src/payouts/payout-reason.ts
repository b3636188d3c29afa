// What a payout that did not go through shows.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.
import type { payoutStatuses } from '../enums.ts';

/** docs/product-rules.md#errors-and-success-messages: what REJECTED and FAILED payouts show when no reason was given. */
export const unknownPayoutReason = 'Unknown reason';

/** The reason a payout shows: REJECTED and FAILED give theirs or "Unknown reason"; others none. */
export function payoutReasonText(status: (typeof payoutStatuses)[number], reason: string | null): string | null {
  if (status !== 'REJECTED' && status !== 'FAILED') return null;
  return reason?.trim() ? reason : unknownPayoutReason;
}
