// Web Push for reach-outs (docs/reach-out.md, "Respect for the fan"): a fan who turned
// notifications on hears of the twin's message, whether it went out at once (the chat.reach-out
// run) or after the creator approved it (the chat.reach-out-push job, committed with the approval).
// The notification's tag is the message's, so a retried push replaces it on the device.
import { chatMessages, chats, type Database, type Executor, pushSubscriptions, type Transaction, talents } from '@doppel/db';
import { and, eq, exists, inArray, isNotNull, sql } from 'drizzle-orm';
import type { WebPushPort } from '../ports/web-push.ts';
import { recordPushDelivery, type SendPushOptions, sendToSubscriptions } from '../push/send-to-subscriptions.ts';

/** Web Push for fans who turned notifications on (the broadcasts' sending); absent: no notifications. */
export type ReachOutPush = { port: WebPushPort; options: SendPushOptions };

/** A reach-out message sent to a fan, as its notification shows it. */
export type PushedReachOut = { messageId: string; userId: string; text: string; twinName: string; twinTag: string };

/** The `chat.reach-out-push` job's payload. */
export type ReachOutPushJob = { messageId: string };

/**
 * Notifies each fan's subscribed browsers, after the commit; answers how many a push service took.
 * A worker killed between the commit and this loses those notifications: the messages are in the chats.
 */
export async function pushReachOuts(db: Database, push: ReachOutPush, sent: readonly PushedReachOut[]): Promise<number> {
  if (sent.length === 0) return 0;
  const byUser = new Map(sent.map((o) => [o.userId, o]));
  const targets = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...byUser.keys()]));
  if (targets.length === 0) return 0;
  const delivery = await sendToSubscriptions(
    push.port,
    targets,
    (target) => {
      const o = byUser.get(target.userId) as PushedReachOut;
      return { title: o.twinName, body: o.text, url: `/chat/${o.twinTag}`, tag: `reach-out:${o.messageId}` };
    },
    push.options,
  );
  await recordPushDelivery(db, delivery, new Date());
  return delivery.sent.length;
}

/** The reach-out message as its notification shows it; null for any other message. */
async function reachOutMessage(db: Executor, messageId: string): Promise<PushedReachOut | null> {
  const [row] = await db
    .select({
      messageId: chatMessages.id,
      userId: chats.userId,
      text: chatMessages.text,
      twinName: talents.name,
      twinTag: sql<string>`coalesce(${talents.tag}, '')`,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .where(and(eq(chatMessages.id, messageId), isNotNull(chatMessages.reachOutId)));
  return row ?? null;
}

/**
 * In the transaction that sent a held reach-out (approved, or sent by the hold limit): the push
 * job, when the fan has a browser to notify. Any other message enqueues nothing.
 */
export async function queueReachOutPush(
  tx: Transaction,
  messageId: string,
  enqueue: (tx: Transaction, job: ReachOutPushJob) => Promise<void>,
): Promise<void> {
  const [found] = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(
      and(
        eq(chatMessages.id, messageId),
        isNotNull(chatMessages.reachOutId),
        exists(
          tx.select({ one: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, chats.userId)),
        ),
      ),
    );
  if (found) await enqueue(tx, { messageId });
}

/** The `chat.reach-out-push` job's use case: browsers notified (0 when the message is gone). */
export async function pushSentReachOut(db: Database, push: ReachOutPush, job: ReachOutPushJob): Promise<number> {
  const message = await reachOutMessage(db, job.messageId);
  return message ? pushReachOuts(db, push, [message]) : 0;
}
