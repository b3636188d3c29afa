// PayPal payouts (docs/payouts.md#executing-payouts): a pending PAYPAL payout is sent as a batch of one item
// whose sender_batch_id is our payout id, so however often it is sent (a double click, a retry
// after a lost answer) PayPal pays once; the adapter returns the existing batch on a repeat.
// A job polls the batch until PayPal settles it: paid marks the payout EXECUTED, failed marks it
// FAILED with PayPal's reason (which releases the money). The adapter decides which of PayPal's
// own states mean paid or failed.
import { type Database, payouts, recordChanges, type Transaction } from '@doppel/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { PayPalPayoutError, type PayPalPayoutState, type PayPalPayouts } from '../ports/payouts.ts';
import { payoutChanged } from './changes.ts';
import { setPayoutStatus } from './set-payout-status.ts';

export const payPalNotConfigured = 'PayPal payouts are not configured: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.';

export type SendPayPalOptions = {
  actorUserId: string;
  /** Schedules the first poll of the batch (the caller's job queue). */
  schedulePoll: (payoutId: string) => Promise<void>;
  /**
   * Runs the booking of the sent batch in a transaction; the API passes its write, which records
   * the admin's change in the audit log in that same transaction. By default a plain transaction.
   */
  write?: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;
  now?: Date;
};

/** Sends a pending PayPal payout; answers the batch PayPal holds for it. */
export async function sendPayPalPayout(
  db: Database,
  payPal: PayPalPayouts | null,
  payoutId: string,
  options: SendPayPalOptions,
): Promise<PayPalPayoutState> {
  if (!payPal) throw new DomainError('NOT_CONFIGURED', payPalNotConfigured);
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw new DomainError('NOT_FOUND', 'Payout not found');
  if (payout.transferType !== 'PAYPAL' || !payout.payPalEmail) {
    throw new DomainError('INVALID', 'Only PayPal payouts can be sent through PayPal.');
  }
  if (payout.status !== 'PENDING') {
    throw new DomainError('INVALID', `This payout is ${payout.status.toLowerCase()}; only pending payouts can be sent.`);
  }
  let batch: PayPalPayoutState;
  try {
    batch = await payPal.createBatch({
      senderBatchId: payout.id,
      receiverEmail: payout.payPalEmail,
      amountCents: payout.amount,
      currency: payout.currency,
      note: 'Your Doppel earnings',
    });
  } catch (error) {
    if (error instanceof PayPalPayoutError) throw new DomainError('INVALID', `PayPal refused the payout: ${error.message}`);
    throw error;
  }
  const now = options.now ?? new Date();
  const write = options.write ?? ((work) => db.transaction(work));
  await write(async (tx) => {
    await tx
      .update(payouts)
      .set({ payPalBatchId: batch.batchId, payPalBatchStatus: batch.providerStatus, payPalSentAt: payout.payPalSentAt ?? now })
      .where(eq(payouts.id, payout.id));
    await recordChanges(tx, payoutChanged(payout.talentId, payout.id));
  });
  await options.schedulePoll(payout.id);
  return batch;
}

export type PayPalPollResult = { payoutId: string; providerStatus: string; outcome: 'EXECUTED' | 'FAILED' | 'WAITING' };

/**
 * Asks PayPal about one sent payout and settles it when PayPal has: EXECUTED on a successful item,
 * FAILED (with PayPal's reason) on a denied batch or a failed item; otherwise it keeps waiting.
 */
export async function pollPayPalPayout(
  db: Database,
  payPal: PayPalPayouts,
  payoutId: string,
  now = new Date(),
): Promise<PayPalPollResult> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout?.payPalBatchId) throw new DomainError('NOT_FOUND', 'This payout was not sent through PayPal');
  const batch = await payPal.getBatch(payout.payPalBatchId);
  const outcome = batch.state === 'paid' ? 'EXECUTED' : batch.state === 'failed' ? 'FAILED' : 'WAITING';
  await db.transaction(async (tx) => {
    await tx.update(payouts).set({ payPalBatchStatus: batch.providerStatus }).where(eq(payouts.id, payoutId));
    await recordChanges(tx, payoutChanged(payout.talentId, payout.id));
    // Only a payout still pending is settled by PayPal's answer; an admin's later decision stands.
    if (outcome !== 'WAITING' && payout.status === 'PENDING') {
      await setPayoutStatus(tx, {
        payoutId,
        status: outcome,
        reason: outcome === 'FAILED' ? batch.failureReason : null,
        actorUserId: null,
        now,
      });
    }
  });
  return { payoutId, providerStatus: batch.providerStatus, outcome };
}

/** Sent PayPal payouts still pending (PayPal has not settled them, or an item waits to be claimed): what the poll job visits. */
export async function payPalPayoutsInFlight(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(isNotNull(payouts.payPalBatchId), eq(payouts.status, 'PENDING')));
  return rows.map((row) => row.id);
}
