// The Payouts tab: the talent's withdrawal requests, newest first, read-only (the Payouts section
// edits them). The same page of payouts the creator's /earnings lists (listCreatorPayouts: keyset on
// (created_at, id) over payouts_talent_created_id_idx), in the admin tab's shape.
import type { Executor } from '@doppel/db';
import type { AdminTalentPayouts } from '@doppel/validation';
import { listCreatorPayouts } from '../../payouts/earnings-reads.ts';
import { assertTalentExists } from './talent-exists.ts';

export type ListTalentPayoutsInput = { talentId: string; cursor?: string | null | undefined };

/** `admin.talents.payouts`: one page of the talent's payouts, newest first; NOT_FOUND for an unknown talent. */
export async function listTalentPayouts(db: Executor, input: ListTalentPayoutsInput): Promise<AdminTalentPayouts> {
  await assertTalentExists(db, input.talentId);
  const page = await listCreatorPayouts(db, input);
  return {
    items: page.items.map((payout) => ({
      id: payout.id,
      status: payout.status,
      amount: payout.amountCents,
      currency: payout.currency,
      transferType: payout.transferType,
      requestedAt: payout.requestedAt,
      createdAt: payout.createdAt,
      rejectionReason: payout.rejectionReason,
    })),
    nextCursor: page.nextCursor,
  };
}
