// What the minute sweep of broadcasts.prepare hands out again: broadcasts due or left PREPARING
// (their prepare job lost or failed), chunks not yet sent and pushes not yet made. Re-sending is
// always safe: each step checks its own state first.
import { broadcastChunks, broadcasts, type Executor } from '@doppel/db';
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';

export type BroadcastSweep = {
  prepare: string[];
  send: { broadcastId: string; chunk: number }[];
  push: { broadcastId: string; chunk: number }[];
};

export async function sweepBroadcasts(db: Executor, now = new Date()): Promise<BroadcastSweep> {
  const [due, send, push] = await Promise.all([
    db
      .select({ id: broadcasts.id })
      .from(broadcasts)
      .where(or(and(eq(broadcasts.status, 'SCHEDULED'), lte(broadcasts.scheduledAt, now)), eq(broadcasts.status, 'PREPARING'))),
    db
      .select({ broadcastId: broadcastChunks.broadcastId, chunk: broadcastChunks.chunk })
      .from(broadcastChunks)
      .innerJoin(broadcasts, eq(broadcasts.id, broadcastChunks.broadcastId))
      .where(and(inArray(broadcasts.status, ['SENDING_MESSAGES']), isNull(broadcastChunks.sentAt))),
    db
      .select({ broadcastId: broadcastChunks.broadcastId, chunk: broadcastChunks.chunk })
      .from(broadcastChunks)
      .innerJoin(broadcasts, eq(broadcasts.id, broadcastChunks.broadcastId))
      .where(
        and(
          isNotNull(broadcastChunks.sentAt),
          isNull(broadcastChunks.pushedAt),
          sql`${broadcastChunks.sentCount} > 0`,
          sql`coalesce(${broadcasts.pushNotificationHeadline}, '') <> ''`,
        ),
      ),
  ]);
  return { prepare: due.map((row) => row.id), send, push };
}
