// The admin Broadcast list and detail (docs/product-rules.md#admin-back-office): newest scheduled first with status and progress;
// the detail adds times, who scheduled it and the send chunks' progress.
import { broadcastChunks, broadcasts, type Executor, talents, users } from '@doppel/db';
import {
  type AdminBroadcastDetail,
  type AdminBroadcastRow,
  type AdminBroadcastsListOutput,
  adminPageSize,
} from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

/** Broadcasts by scheduled time, newest first: the section's list and a talent's Broadcasts tab. */
export const latestScheduledFirst: KeysetSort = {
  key: 'scheduledAt',
  column: broadcasts.scheduledAt,
  kind: 'timestamp',
  direction: 'desc',
  id: broadcasts.id,
};

const rowColumns = {
  id: broadcasts.id,
  status: broadcasts.status,
  message: broadcasts.message,
  pushNotificationHeadline: broadcasts.pushNotificationHeadline,
  scheduledAt: broadcasts.scheduledAt,
  scheduledMessageCount: broadcasts.scheduledMessageCount,
  sentMessageCount: broadcasts.sentMessageCount,
  talentId: talents.id,
  talentName: talents.name,
  talentTag: talents.tag,
};

type RowValues = {
  id: string;
  status: AdminBroadcastRow['status'];
  message: string;
  pushNotificationHeadline: string | null;
  scheduledAt: Date;
  scheduledMessageCount: number;
  sentMessageCount: number;
  talentId: string | null;
  talentName: string | null;
  talentTag: string | null;
};

function toRow(row: RowValues): AdminBroadcastRow {
  return {
    id: row.id,
    status: row.status,
    message: row.message,
    talent: row.talentId ? { id: row.talentId, name: row.talentName ?? '', tag: row.talentTag } : null,
    hasPushNotification: Boolean(row.pushNotificationHeadline),
    scheduledAt: row.scheduledAt.toISOString(),
    scheduledMessageCount: row.scheduledMessageCount,
    sentMessageCount: row.sentMessageCount,
  };
}

/** `admin.broadcasts.list`: one page, latest scheduledAt first (broadcasts_scheduled_idx). */
export async function listAdminBroadcasts(
  db: Executor,
  input: { cursor?: string | null | undefined },
): Promise<AdminBroadcastsListOutput> {
  const rows = await db
    .select({ ...rowColumns, sortValue: sortValueOf(latestScheduledFirst) })
    .from(broadcasts)
    .leftJoin(talents, eq(talents.id, broadcasts.talentId))
    .where(afterCursor(latestScheduledFirst, input.cursor))
    .orderBy(...keysetOrder(latestScheduledFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, latestScheduledFirst, adminPageSize);
  return { items: page.rows.map(toRow), nextCursor: page.nextCursor };
}

export const broadcastNotFound = () => new DomainError('NOT_FOUND', 'Broadcast not found');

/** `admin.broadcasts.get`: NOT_FOUND "Broadcast not found". */
export async function getAdminBroadcast(db: Executor, broadcastId: string): Promise<AdminBroadcastDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      pushNotificationMessage: broadcasts.pushNotificationMessage,
      startedPreparingAt: broadcasts.startedPreparingAt,
      completedAt: broadcasts.completedAt,
      deletedAt: broadcasts.deletedAt,
      createdAt: broadcasts.createdAt,
      createdById: users.id,
      createdByName: users.name,
      createdByEmail: users.email,
      chunkCount: sql<number>`(select count(*)::int from ${broadcastChunks} where ${broadcastChunks.broadcastId} = ${broadcasts.id})`,
      sentChunkCount: sql<number>`(select count(*)::int from ${broadcastChunks} where ${broadcastChunks.broadcastId} = ${broadcasts.id} and ${broadcastChunks.sentAt} is not null)`,
      pushedCount: sql<number>`(select coalesce(sum(${broadcastChunks.pushCount}), 0)::int from ${broadcastChunks} where ${broadcastChunks.broadcastId} = ${broadcasts.id})`,
    })
    .from(broadcasts)
    .leftJoin(talents, eq(talents.id, broadcasts.talentId))
    .leftJoin(users, eq(users.id, broadcasts.createdByUserId))
    .where(eq(broadcasts.id, broadcastId));
  if (!row) throw broadcastNotFound();
  return {
    ...toRow(row),
    pushNotificationHeadline: row.pushNotificationHeadline,
    pushNotificationMessage: row.pushNotificationMessage,
    startedPreparingAt: row.startedPreparingAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '', email: row.createdByEmail } : null,
    chunkCount: Number(row.chunkCount),
    sentChunkCount: Number(row.sentChunkCount),
    pushedCount: Number(row.pushedCount),
  };
}
