// One payout for the admin detail (docs/product-rules.md#admin-back-office): its state, destination, talent, who asked, and the
// timeline of its status changes read from the talent ledger (oldest first, with who made each).
import { type Executor, payouts, talentLedger, talents, users } from '@doppel/db';
import type { AdminPayoutDetail } from '@doppel/validation';
import { asc, eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';

export async function getAdminPayout(
  db: Executor,
  payoutId: string,
  options: { payPalConfigured: boolean },
): Promise<AdminPayoutDetail> {
  const [row] = await db
    .select({
      payout: payouts,
      talentName: talents.name,
      talentTag: talents.tag,
      requesterName: users.name,
      requesterEmail: users.email,
    })
    .from(payouts)
    .innerJoin(talents, eq(talents.id, payouts.talentId))
    .leftJoin(users, eq(users.id, payouts.requestedByUserId))
    .where(eq(payouts.id, payoutId));
  if (!row) throw new DomainError('NOT_FOUND', 'Payout not found');
  const entries = await db
    .select({ entry: talentLedger, actorName: users.name, actorEmail: users.email })
    .from(talentLedger)
    .leftJoin(users, eq(users.id, talentLedger.actorUserId))
    .where(eq(talentLedger.payoutId, payoutId))
    .orderBy(asc(talentLedger.createdAt), asc(talentLedger.key));
  const { payout } = row;
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: payout.id,
    status: payout.status,
    amountCents: payout.amount,
    currency: payout.currency,
    transferType: payout.transferType,
    accountHolderName: payout.accountHolderName,
    iban: payout.iban,
    bic: payout.bic,
    payPalEmail: payout.payPalEmail,
    taxId: payout.taxId,
    rejectionReason: payout.rejectionReason,
    requestedAt: payout.requestedAt.toISOString(),
    executedAt: iso(payout.executedAt),
    rejectedAt: iso(payout.rejectedAt),
    failedAt: iso(payout.failedAt),
    createdAt: payout.createdAt.toISOString(),
    talent: { id: payout.talentId, name: row.talentName, tag: row.talentTag },
    requestedBy: payout.requestedByUserId
      ? { id: payout.requestedByUserId, name: row.requesterName, email: row.requesterEmail }
      : null,
    timeline: entries.map(({ entry, actorName, actorEmail }) => ({
      id: entry.id,
      status: entry.payoutStatus ?? payout.status,
      previousStatus: entry.previousPayoutStatus,
      heldCents: entry.heldCents,
      paidCents: entry.paidCents,
      reason: entry.reason,
      actor: entry.actorUserId ? { id: entry.actorUserId, name: actorName, email: actorEmail } : null,
      at: entry.occurredAt.toISOString(),
    })),
    payPal: {
      configured: options.payPalConfigured,
      batchId: payout.payPalBatchId,
      batchStatus: payout.payPalBatchStatus,
      sentAt: iso(payout.payPalSentAt),
    },
  };
}
