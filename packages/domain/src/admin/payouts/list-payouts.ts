// The admin Payouts list (docs/product-rules.md#admin-back-office): newest first with amount and status chip, one status or all,
// 50 a page by keyset on (created_at, id).
import { type Executor, payouts, talents } from '@doppel/db';
import { type AdminPayoutStatusFilter, type AdminPayoutsListOutput, adminPageSize } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

const newestFirst: KeysetSort = {
  key: 'createdAt',
  column: payouts.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: payouts.id,
};

export type ListAdminPayoutsInput = { status?: AdminPayoutStatusFilter; cursor?: string | null | undefined };

export async function listAdminPayouts(db: Executor, input: ListAdminPayoutsInput): Promise<AdminPayoutsListOutput> {
  const status = input.status ?? 'all';
  const rows = await db
    .select({
      id: payouts.id,
      createdAt: payouts.createdAt,
      status: payouts.status,
      amount: payouts.amount,
      currency: payouts.currency,
      transferType: payouts.transferType,
      talentId: talents.id,
      talentName: talents.name,
      talentTag: talents.tag,
      sortValue: sortValueOf(newestFirst),
    })
    .from(payouts)
    .innerJoin(talents, eq(talents.id, payouts.talentId))
    .where(and(status === 'all' ? undefined : eq(payouts.status, status), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, newestFirst, adminPageSize);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      amountCents: row.amount,
      currency: row.currency,
      transferType: row.transferType,
      talent: { id: row.talentId, name: row.talentName, tag: row.talentTag },
    })),
    nextCursor: page.nextCursor,
  };
}
