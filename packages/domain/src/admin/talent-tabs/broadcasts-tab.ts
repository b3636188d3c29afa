// The Broadcast tab: broadcasts addressed to this talent's fans (talent_id = the talent), latest
// scheduled first, read-only (scheduling comes with the Broadcasts section). Paged by keyset on
// (scheduled_at, id), served by broadcasts_talent_scheduled_id_idx (talent_id, scheduled_at, id).
import { broadcasts, type Executor } from '@doppel/db';
import { type AdminTalentBroadcasts, adminPageSize } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { latestScheduledFirst } from '../broadcasts/broadcasts-read.ts';
import { afterCursor, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';
import { assertTalentExists } from './talent-exists.ts';

export type ListTalentBroadcastsInput = { talentId: string; cursor?: string | null | undefined };

/** `admin.talents.broadcasts`: one page of the talent's broadcasts, latest scheduledAt first; NOT_FOUND for an unknown talent. */
export async function listTalentBroadcasts(db: Executor, input: ListTalentBroadcastsInput): Promise<AdminTalentBroadcasts> {
  await assertTalentExists(db, input.talentId);
  const rows = await db
    .select({
      id: broadcasts.id,
      status: broadcasts.status,
      message: broadcasts.message,
      scheduledAt: broadcasts.scheduledAt,
      scheduledMessageCount: broadcasts.scheduledMessageCount,
      sentMessageCount: broadcasts.sentMessageCount,
      sortValue: sortValueOf(latestScheduledFirst),
    })
    .from(broadcasts)
    .where(and(eq(broadcasts.talentId, input.talentId), afterCursor(latestScheduledFirst, input.cursor)))
    .orderBy(...keysetOrder(latestScheduledFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, latestScheduledFirst, adminPageSize);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      status: row.status,
      message: row.message,
      scheduledAt: row.scheduledAt.toISOString(),
      scheduledMessageCount: row.scheduledMessageCount,
      sentMessageCount: row.sentMessageCount,
    })),
    nextCursor: page.nextCursor,
  };
}
