import type { payouts } from '@doppel/db';
import type { PayoutView } from '@doppel/validation';

type PayoutRow = Pick<
  typeof payouts.$inferSelect,
  | 'id'
  | 'status'
  | 'amount'
  | 'currency'
  | 'transferType'
  | 'requestedAt'
  | 'executedAt'
  | 'rejectedAt'
  | 'failedAt'
  | 'createdAt'
  | 'rejectionReason'
>;

/** A payout row as the creator's screens and the API see it. */
export function toPayoutView(row: PayoutRow): PayoutView {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amount,
    currency: row.currency,
    transferType: row.transferType,
    requestedAt: row.requestedAt.toISOString(),
    executedAt: iso(row.executedAt),
    rejectedAt: iso(row.rejectedAt),
    failedAt: iso(row.failedAt),
    createdAt: row.createdAt.toISOString(),
    rejectionReason: row.rejectionReason,
  };
}
