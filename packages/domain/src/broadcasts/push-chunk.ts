// The push notifications of one sent chunk of a broadcast (docs/broadcasts.md): the headline and
// message go to every subscribed browser of the fans whose chat got the broadcast's message, at a
// bounded rate; subscriptions the push service calls gone are deleted; the chunk is marked pushed.
//
// Once per chunk: a chunk marked pushed is never pushed again. The sending itself happens outside
// any transaction (it takes seconds), so a worker that dies mid-chunk sends the chunk again when
// the job is retried; the notification's `tag` (the broadcast id) makes the browser replace the
// first copy instead of showing two. A push service that fails (5xx, timeout) loses that one
// notification: the message itself is in the fan's chat.
import { broadcastChunks, broadcasts, type Database, recordChanges } from '@doppel/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { WebPushPort } from '../ports/web-push.ts';
import {
  type PushNotification,
  type PushReport,
  pushReport,
  recordPushDelivery,
  type SendPushOptions,
  type SubscriptionTarget,
  sendToSubscriptions,
} from '../push/send-to-subscriptions.ts';
import { broadcastChanged } from './scopes.ts';

export type PushChunkOptions = SendPushOptions & { now?: () => Date };

export type PushChunkOutcome =
  | { outcome: 'missing' }
  | { outcome: 'not-sent' }
  | { outcome: 'already-pushed' }
  | ({ outcome: 'pushed' } & PushReport);

type Target = SubscriptionTarget & { talentTag: string | null };

/** Every subscribed browser of the chunk's fans whose chat holds the broadcast's message, once each. */
async function targetsOf(db: Database, input: { broadcastId: string; chunk: number }): Promise<Target[]> {
  const rows = await db.execute<{ id: string; endpoint: string; p256dh: string; auth: string; talent_tag: string | null }>(sql`
    select distinct on (s.id) s.id, s.endpoint, s.p256dh, s.auth, t.tag as talent_tag
    from broadcast_recipients r
    join chat_messages m on m.broadcast_id = r.broadcast_id and m.chat_id = r.chat_id
    join chats c on c.id = r.chat_id
    join talents t on t.id = c.talent_id
    join push_subscriptions s on s.user_id = c.user_id
    where r.broadcast_id = ${input.broadcastId} and r.chunk = ${input.chunk}
    order by s.id`);
  return rows.map((row) => ({
    id: row.id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    talentTag: row.talent_tag,
  }));
}

/** Sends a sent chunk's notifications; a chunk already pushed, not yet sent or unknown is left as it is. */
export async function pushBroadcastChunk(
  db: Database,
  push: WebPushPort,
  input: { broadcastId: string; chunk: number },
  options: PushChunkOptions,
): Promise<PushChunkOutcome> {
  const [row] = await db
    .select({
      sentAt: broadcastChunks.sentAt,
      pushedAt: broadcastChunks.pushedAt,
      talentId: broadcasts.talentId,
      headline: broadcasts.pushNotificationHeadline,
      message: broadcasts.pushNotificationMessage,
    })
    .from(broadcastChunks)
    .innerJoin(broadcasts, eq(broadcasts.id, broadcastChunks.broadcastId))
    .where(and(eq(broadcastChunks.broadcastId, input.broadcastId), eq(broadcastChunks.chunk, input.chunk)));
  if (!row) return { outcome: 'missing' };
  if (row.pushedAt) return { outcome: 'already-pushed' };
  if (!row.sentAt) return { outcome: 'not-sent' };

  // A broadcast without a headline has no notification: the chunk is settled with none sent.
  const headline = row.headline?.trim() ?? '';
  const targets = headline ? await targetsOf(db, input) : [];
  const delivery = await sendToSubscriptions(
    push,
    targets,
    (target): PushNotification => ({
      title: headline,
      body: row.message ?? '',
      url: target.talentTag ? `/chat/${target.talentTag}` : '/',
      tag: input.broadcastId,
    }),
    options,
  );

  const now = options.now?.() ?? new Date();
  await db.transaction(async (tx) => {
    await recordPushDelivery(tx, delivery, now);
    const marked = await tx
      .update(broadcastChunks)
      .set({ pushedAt: now, pushCount: delivery.sent.length })
      .where(
        and(
          eq(broadcastChunks.broadcastId, input.broadcastId),
          eq(broadcastChunks.chunk, input.chunk),
          isNull(broadcastChunks.pushedAt),
        ),
      )
      .returning({ chunk: broadcastChunks.chunk });
    // The admin's broadcast detail shows the pushes per chunk live.
    if (marked.length > 0) await recordChanges(tx, [broadcastChanged(input.broadcastId, row.talentId)]);
  });
  return { outcome: 'pushed', ...pushReport(targets.length, delivery) };
}
