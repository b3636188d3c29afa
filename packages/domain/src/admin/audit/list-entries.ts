// `admin.audit.list`: one record's audit entries, newest first, 50 a page by keyset on (created_at, id).
import { adminAuditEntries, type Executor, users } from '@doppel/db';
import { type AdminAuditListInput, type AdminAuditListOutput, adminPageSize } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

const newestFirst: KeysetSort = {
  key: 'createdAt',
  column: adminAuditEntries.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: adminAuditEntries.id,
};

export async function listAdminAuditEntries(db: Executor, input: AdminAuditListInput): Promise<AdminAuditListOutput> {
  const rows = await db
    .select({
      id: adminAuditEntries.id,
      createdAt: adminAuditEntries.createdAt,
      action: adminAuditEntries.action,
      procedure: adminAuditEntries.procedure,
      changes: adminAuditEntries.changes,
      actorId: users.id,
      actorEmail: users.email,
      actorName: users.name,
      sortValue: sortValueOf(newestFirst),
    })
    .from(adminAuditEntries)
    .leftJoin(users, eq(users.id, adminAuditEntries.actorUserId))
    .where(
      and(
        eq(adminAuditEntries.entity, input.entity),
        eq(adminAuditEntries.entityId, input.entityId),
        afterCursor(newestFirst, input.cursor),
      ),
    )
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, newestFirst, adminPageSize);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      action: row.action,
      procedure: row.procedure,
      actor: row.actorId ? { id: row.actorId, email: row.actorEmail, name: row.actorName || null } : null,
      changes: row.changes as AdminAuditListOutput['items'][number]['changes'],
    })),
    nextCursor: page.nextCursor,
  };
}
