// Preparing a due broadcast (docs/broadcasts.md). Two short transactions, each safe to repeat:
// SCHEDULED → PREPARING (shown live), then the audience into broadcast_recipients and the chunk
// rows in one set-based insert each, scheduledMessageCount, a send job per chunk and
// SENDING_MESSAGES (or COMPLETED for an empty audience), all committed together. A crash between
// the two leaves a PREPARING broadcast, which the next run (a retry or the sweep) finishes.
import { broadcastChunks, broadcasts, type Database, recordChanges, type Transaction } from '@doppel/db';
import type { BroadcastStatus } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { audienceChunksQuery } from './audience.ts';
import { broadcastChanged } from './scopes.ts';

/** Messages one send job delivers: one insert and two updates, well under a second. */
export const broadcastChunkSize = 1000;

export type EnqueueSends = (tx: Transaction, broadcastId: string, chunks: number[]) => Promise<void>;

export type PrepareOutcome =
  | { outcome: 'missing' }
  | { outcome: 'not-due'; scheduledAt: Date }
  | { outcome: 'skipped'; status: BroadcastStatus }
  | { outcome: 'prepared'; audience: number; chunks: number; status: BroadcastStatus };

async function lockBroadcast(tx: Transaction, broadcastId: string) {
  const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).for('update');
  return row;
}

export async function prepareBroadcast(
  db: Database,
  broadcastId: string,
  options: { enqueueSends: EnqueueSends; now?: Date; chunkSize?: number },
): Promise<PrepareOutcome> {
  const now = options.now ?? new Date();
  const started = await db.transaction(async (tx): Promise<PrepareOutcome | undefined> => {
    const broadcast = await lockBroadcast(tx, broadcastId);
    if (!broadcast) return { outcome: 'missing' };
    if (broadcast.status === 'PREPARING') return undefined;
    if (broadcast.status !== 'SCHEDULED') return { outcome: 'skipped', status: broadcast.status };
    if (broadcast.scheduledAt > now) return { outcome: 'not-due', scheduledAt: broadcast.scheduledAt };
    await tx
      .update(broadcasts)
      .set({ status: 'PREPARING', startedPreparingAt: now, updatedAt: now })
      .where(eq(broadcasts.id, broadcastId));
    await recordChanges(tx, [broadcastChanged(broadcastId, broadcast.talentId)]);
    return undefined;
  });
  if (started) return started;

  return db.transaction(async (tx): Promise<PrepareOutcome> => {
    const broadcast = await lockBroadcast(tx, broadcastId);
    if (!broadcast) return { outcome: 'missing' };
    if (broadcast.status !== 'PREPARING') return { outcome: 'skipped', status: broadcast.status };
    const audience = audienceChunksQuery({
      talentId: broadcast.talentId,
      now: broadcast.startedPreparingAt ?? now,
      chunkSize: options.chunkSize ?? broadcastChunkSize,
    });
    // Grouping every fan's chats by user fits in memory with this instead of spilling to disk.
    await tx.execute(sql`set local work_mem = '64MB'`);
    // Repeatable: the rows of an earlier attempt rolled back with it, so the inserts start clean.
    await tx.execute(sql`
      insert into broadcast_recipients (broadcast_id, chat_id, chunk)
      select ${broadcastId}, chat_id, chunk from (${audience}) audience`);
    const chunkRows = await tx.execute<{ chunk: number; recipients: number }>(sql`
      insert into broadcast_chunks (broadcast_id, chunk, recipient_count)
      select ${broadcastId}, chunk, count(*)::int
      from broadcast_recipients where broadcast_id = ${broadcastId}
      group by chunk
      returning chunk, recipient_count as recipients`);
    const chunks = chunkRows.map((row) => Number(row.chunk)).sort((a, b) => a - b);
    const total = chunkRows.reduce((sum, row) => sum + Number(row.recipients), 0);
    const status: BroadcastStatus = total === 0 ? 'COMPLETED' : 'SENDING_MESSAGES';
    const finishedAt = new Date();
    await tx
      .update(broadcasts)
      .set({
        status,
        scheduledMessageCount: total,
        completedAt: total === 0 ? finishedAt : null,
        updatedAt: finishedAt,
      })
      .where(eq(broadcasts.id, broadcastId));
    await recordChanges(tx, [broadcastChanged(broadcastId, broadcast.talentId)]);
    if (chunks.length > 0) await options.enqueueSends(tx, broadcastId, chunks);
    return { outcome: 'prepared', audience: total, chunks: chunks.length, status };
  });
}

/** Chunks of a broadcast not yet delivered (ops retry, the sweep). */
export async function unsentChunks(db: Database, broadcastId: string): Promise<number[]> {
  const rows = await db
    .select({ chunk: broadcastChunks.chunk })
    .from(broadcastChunks)
    .where(sql`${broadcastChunks.broadcastId} = ${broadcastId} and ${broadcastChunks.sentAt} is null`)
    .orderBy(broadcastChunks.chunk);
  return rows.map((row) => row.chunk);
}
