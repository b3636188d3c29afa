// A creator's payout request (docs/product-rules.md#earnings-and-withdrawal /earnings/withdraw, docs/product-rules.md#creator-settings-fields "Payout request"): the server,
// not the form, decides the amount — everything disbursable at that instant — and refuses below
// 20 USD. The talent's payout lock serialises requests, so concurrent ones cannot both take it.
import { payouts, recordChanges, type Transaction, talentConfigs } from '@doppel/db';
import { formatCents, minimumPayoutCents, type PayoutDetails, type PayoutView } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { payoutChanged } from './changes.ts';
import { disbursableOf, lockPayoutBalance, settledNetMicroUsd } from './disbursable.ts';
import { bookPayoutChange } from './payout-ledger.ts';
import { toPayoutView } from './payout-view.ts';

export type RequestPayoutCommand = {
  talentId: string;
  /** The manager asking; recorded on the payout and its ledger entry. */
  userId: string;
  details: PayoutDetails;
  now?: Date;
};

export async function requestPayout(tx: Transaction, command: RequestPayoutCommand): Promise<PayoutView> {
  const now = command.now ?? new Date();
  const held = await lockPayoutBalance(tx, command.talentId);
  if (held === undefined) throw new DomainError('NOT_FOUND', 'Talent not found');
  const amount = disbursableOf(await settledNetMicroUsd(tx, command.talentId, now), held);
  if (amount < minimumPayoutCents) {
    throw new DomainError(
      'INVALID',
      `Payouts start at ${formatCents(minimumPayoutCents)}; you can withdraw ${formatCents(amount)} now.`,
    );
  }
  const { details } = command;
  const [payout] = await tx
    .insert(payouts)
    .values({
      talentId: command.talentId,
      status: 'PENDING',
      amount,
      currency: 'USD',
      ...details,
      requestedByUserId: command.userId,
      requestedAt: now,
      createdAt: now,
    })
    .returning();
  if (!payout) throw new Error('the inserted payout was not returned');
  await Promise.all([
    bookPayoutChange(tx, {
      talentId: command.talentId,
      payoutId: payout.id,
      sequence: 1,
      amount,
      from: null,
      to: 'PENDING',
      reason: null,
      actorUserId: command.userId,
      at: now,
    }),
    // Remembered for the next request (docs/product-rules.md#records TalentConfig payout details).
    tx
      .update(talentConfigs)
      .set({
        accountHolderName: details.accountHolderName,
        iban: details.iban,
        bic: details.bic,
        payPalEmail: details.payPalEmail,
        taxId: details.taxId,
      })
      .where(eq(talentConfigs.id, command.talentId)),
    recordChanges(tx, payoutChanged(command.talentId, payout.id)),
  ]);
  return toPayoutView(payout);
}
