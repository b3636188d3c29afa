// Setting a payout's status (docs/product-rules.md#admin-back-office payout settings form; the PayPal poll). The rules
// (docs/product-rules.md#payout-statuses) let an admin set any status; each change is a ledger entry with who made it. Money moves only as the
// status says: REJECTED or FAILED releases the amount (once, however often it is set), PENDING or
// EXECUTED holds it again — refused when the disbursable amount no longer covers it, so the
// balance can never be taken below zero.
import { payouts, recordChanges, type Transaction } from '@doppel/db';
import { formatCents, type PayoutStatus, type PayoutView, payoutStatuses } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { payoutChanged } from './changes.ts';
import { disbursableOf, lockPayoutBalance, settledNetMicroUsd } from './disbursable.ts';
import { bookPayoutChange, payoutChangeCount, payoutMovement } from './payout-ledger.ts';
import { toPayoutView } from './payout-view.ts';

export type SetPayoutStatusCommand = {
  payoutId: string;
  status: PayoutStatus;
  /** Kept for REJECTED and FAILED; blank means "Unknown reason". */
  reason?: string | null;
  /** The admin making the change; null for the system (the PayPal poll). */
  actorUserId: string | null;
  now?: Date;
};

export type SetPayoutStatusResult = { payout: PayoutView; changed: boolean };

const timestampColumn = { EXECUTED: 'executedAt', REJECTED: 'rejectedAt', FAILED: 'failedAt' } as const;

export async function setPayoutStatus(tx: Transaction, command: SetPayoutStatusCommand): Promise<SetPayoutStatusResult> {
  if (!payoutStatuses.includes(command.status)) throw new DomainError('INVALID', 'Unknown payout status');
  const now = command.now ?? new Date();
  const [found] = await tx.select({ talentId: payouts.talentId }).from(payouts).where(eq(payouts.id, command.payoutId));
  if (!found) throw new DomainError('NOT_FOUND', 'Payout not found');
  // The talent's payout lock first (as a request takes it), then the payout row.
  const held = (await lockPayoutBalance(tx, found.talentId)) ?? 0;
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, command.payoutId)).for('update');
  if (!payout) throw new DomainError('NOT_FOUND', 'Payout not found');

  const keepsReason = command.status === 'REJECTED' || command.status === 'FAILED';
  const reason = keepsReason ? command.reason?.trim() || null : null;
  if (payout.status === command.status && payout.rejectionReason === reason) {
    return { payout: toPayoutView(payout), changed: false };
  }
  const movement = payoutMovement(payout.amount, payout.status, command.status);
  if (movement.heldCents > 0) {
    const available = disbursableOf(await settledNetMicroUsd(tx, payout.talentId, now), held);
    if (available < movement.heldCents) {
      throw new DomainError(
        'INVALID',
        `This payout of ${formatCents(payout.amount)} cannot be held again: the talent can withdraw ${formatCents(available)} now.`,
      );
    }
  }
  const statusChanged = payout.status !== command.status;
  const column = statusChanged && command.status !== 'PENDING' ? timestampColumn[command.status] : undefined;
  const [updated] = await tx
    .update(payouts)
    .set({ status: command.status, rejectionReason: reason, ...(column ? { [column]: now } : {}), updatedAt: now })
    .where(eq(payouts.id, payout.id))
    .returning();
  if (!updated) throw new Error('the updated payout was not returned');
  await Promise.all([
    bookPayoutChange(tx, {
      talentId: payout.talentId,
      payoutId: payout.id,
      sequence: (await payoutChangeCount(tx, payout.id)) + 1,
      amount: payout.amount,
      from: payout.status,
      to: command.status,
      reason,
      actorUserId: command.actorUserId,
      at: now,
    }),
    recordChanges(tx, payoutChanged(payout.talentId, payout.id)),
  ]);
  return { payout: toPayoutView(updated), changed: true };
}
