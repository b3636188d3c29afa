// The payout side of the talent ledger (docs/payouts.md). A payout holds its amount while PENDING
// or EXECUTED; EXECUTED also counts it as paid out; REJECTED and FAILED hold nothing. Every status
// change is one PAYOUT entry carrying the change of both, so the ledger's sums are the held and
// paid totals, whatever order an admin sets statuses in.
import { type Executor, talentConfigs, talentLedger } from '@doppel/db';
import type { PayoutStatus } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';

/** Whether a payout in this status holds its amount back from the disbursable amount. */
export function holdsMoney(status: PayoutStatus): boolean {
  return status === 'PENDING' || status === 'EXECUTED';
}

/** The change in held and paid cents when a payout of `amount` moves from one status to another. */
export function payoutMovement(
  amount: number,
  from: PayoutStatus | null,
  to: PayoutStatus,
): { heldCents: number; paidCents: number } {
  const held = (status: PayoutStatus | null) => (status && holdsMoney(status) ? amount : 0);
  const paid = (status: PayoutStatus | null) => (status === 'EXECUTED' ? amount : 0);
  return { heldCents: held(to) - held(from), paidCents: paid(to) - paid(from) };
}

export type PayoutLedgerChange = {
  talentId: string;
  payoutId: string;
  /** The payout's change number, 1 for the request: the entry's key is `payout:{id}:{n}`. */
  sequence: number;
  amount: number;
  from: PayoutStatus | null;
  to: PayoutStatus;
  reason: string | null;
  actorUserId: string | null;
  at: Date;
};

/**
 * Books one payout change: its ledger entry and the talent's held total
 * (`total_payout_amount`). The caller holds the talent's payout lock (`lockPayoutBalance`).
 */
export async function bookPayoutChange(tx: Executor, change: PayoutLedgerChange): Promise<void> {
  const movement = payoutMovement(change.amount, change.from, change.to);
  await Promise.all([
    tx.insert(talentLedger).values({
      key: `payout:${change.payoutId}:${change.sequence}`,
      talentId: change.talentId,
      kind: 'PAYOUT',
      payoutId: change.payoutId,
      payoutStatus: change.to,
      previousPayoutStatus: change.from,
      heldCents: movement.heldCents,
      paidCents: movement.paidCents,
      reason: change.reason,
      actorUserId: change.actorUserId,
      occurredAt: change.at,
    }),
    movement.heldCents !== 0
      ? tx
          .update(talentConfigs)
          .set({ totalPayoutAmount: sql`${talentConfigs.totalPayoutAmount} + ${movement.heldCents}` })
          .where(eq(talentConfigs.id, change.talentId))
      : undefined,
  ]);
}

/** How many changes the payout has had (its next change is this + 1). */
export async function payoutChangeCount(tx: Executor, payoutId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(talentLedger)
    .where(eq(talentLedger.payoutId, payoutId));
  return row?.count ?? 0;
}
