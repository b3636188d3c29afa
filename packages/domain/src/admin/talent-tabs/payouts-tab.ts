// The Payouts tab: the talent's withdrawal requests, newest first, read-only (the Payouts section
// edits them). Paged by keyset on (created_at, id), served by payouts_talent_created_id_idx
// (talent_id, created_at, id); the id breaks ties within a microsecond.
import { type Executor, payouts } from '@doppel/db';
import { type AdminTalentPayouts, adminPageSize } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';
import { assertTalentExists } from './talent-exists.ts';

const newestFirst: KeysetSort = {
  key: 'createdAt',
  column: payouts.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: payouts.id,
};

export type ListTalentPayoutsInput = { talentId: string; cursor?: string | null | undefined };

/** `admin.talents.payouts`: one page of the talent's payouts, newest first; NOT_FOUND for an unknown talent. */
export async function listTalentPayouts(db: Executor, input: ListTalentPayoutsInput): Promise<AdminTalentPayouts> {
  await assertTalentExists(db, input.talentId);
  const rows = await db
    .select({
      id: payouts.id,
      status: payouts.status,
      amount: payouts.amount,
      currency: payouts.currency,
      transferType: payouts.transferType,
      requestedAt: payouts.requestedAt,
      createdAt: payouts.createdAt,
      rejectionReason: payouts.rejectionReason,
      sortValue: sortValueOf(newestFirst),
    })
    .from(payouts)
    .where(and(eq(payouts.talentId, input.talentId), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, newestFirst, adminPageSize);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      transferType: row.transferType,
      requestedAt: row.requestedAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      rejectionReason: row.rejectionReason,
    })),
    nextCursor: page.nextCursor,
  };
}
