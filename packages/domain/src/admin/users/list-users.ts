// The admin users list (docs/product-rules.md#admin-back-office): one filter, an optional email prefix, newest first, pages of 50
// by keyset. Each filter's condition is written as its index declares it (packages/db users.ts),
// so the (filter, created_at, id) indexes serve the order and the cursor as one range scan.
import { type Executor, talentManagers, users } from '@doppel/db';
import {
  type AdminUserFilter,
  type AdminUserRow,
  type AdminUsersListOutput,
  adminPageSize,
  adminUserStatusOf,
} from '@doppel/validation';
import { and, type SQL, sql } from 'drizzle-orm';
import { likePrefix } from '../like-patterns.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

const newestFirst: KeysetSort = { key: 'createdAt', column: users.createdAt, kind: 'timestamp', direction: 'desc', id: users.id };

/**
 * One probe of talent_managers' primary key (it leads with user_id) per listed user. `offset 0`
 * keeps the planner from turning the EXISTS into a hashed subplan or a hash semi-join, which read
 * the whole table to answer for the 50 users of a page.
 */
const managesTalents = sql<boolean>`exists (select 1 from ${talentManagers} where ${talentManagers.userId} = ${users.id} offset 0)`;

/**
 * The filter's condition. Literals, not parameters, where an index is partial: a prepared
 * statement's generic plan can only use `users_fans_created_id_idx` when the predicate is spelled
 * out as in the index.
 */
function filterCondition(filter: AdminUserFilter): SQL {
  switch (filter) {
    case 'pending':
      return sql`${users.waitlistStatus} = 'PENDING'`;
    case 'accepted':
      return sql`${users.waitlistStatus} = 'ACCEPTED'`;
    case 'rejected':
      return sql`${users.waitlistStatus} = 'REJECTED'`;
    case 'live':
      return sql`${users.waitlistStatus} = 'ACCEPTED' and ${managesTalents}`;
    case 'onboarding':
      return sql`${users.waitlistStatus} = 'ACCEPTED' and not ${managesTalents}`;
    case 'admins':
      return sql`${users.role} = 'ADMIN'`;
    case 'fans':
      return sql`${users.waitlistStatus} is null and ${users.role} = 'USER' and not ${managesTalents}`;
  }
}

/** Emails are stored lower-cased, so a lower-cased prefix on the bare column uses users_email_pattern_idx. */
function searchCondition(search: string): SQL | undefined {
  const prefix = search.trim().toLowerCase();
  return prefix ? sql`${users.email} like ${likePrefix(prefix)}` : undefined;
}

export const adminUserRowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isAnonymous: users.isAnonymous,
  role: users.role,
  waitlistStatus: users.waitlistStatus,
  credits: users.credits,
  paidCredits: users.paidCredits,
  createdAt: users.createdAt,
  managesTalents,
};

type UserRowRecord = {
  id: string;
  name: string;
  email: string | null;
  isAnonymous: boolean;
  role: AdminUserRow['role'];
  waitlistStatus: AdminUserRow['waitlistStatus'];
  credits: number;
  paidCredits: number;
  createdAt: Date;
  managesTalents: boolean;
};

export function toAdminUserRow(row: UserRowRecord): AdminUserRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isAnonymous: row.isAnonymous,
    role: row.role,
    waitlistStatus: row.waitlistStatus,
    status: adminUserStatusOf(row.waitlistStatus, row.managesTalents),
    managesTalents: row.managesTalents,
    credits: row.credits,
    paidCredits: row.paidCredits,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ListAdminUsersInput = { filter: AdminUserFilter; search: string; cursor?: string | null | undefined };

/** `admin.users.list`: one page of users for a filter and an email prefix, newest first. */
export async function listAdminUsers(db: Executor, input: ListAdminUsersInput): Promise<AdminUsersListOutput> {
  const rows = await db
    .select({ ...adminUserRowColumns, sortValue: sortValueOf(newestFirst) })
    .from(users)
    .where(and(filterCondition(input.filter), searchCondition(input.search), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, newestFirst, adminPageSize);
  return { items: page.rows.map(toAdminUserRow), nextCursor: page.nextCursor };
}
