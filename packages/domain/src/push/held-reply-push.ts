// The `chat.held-reply-push` job's use case (approval mode, docs/creator-dashboard.md): when the
// twin's reply is held for approval, every browser the twin's managers turned notifications on in
// is told that a reply waits, so the creator need not keep the dashboard open.
//
// A draft already decided (approved, edited, rejected, expired, superseded) sends nothing. A
// retried job may notify again; the notification's tag (one per twin) makes the device replace
// the first copy. Sending happens outside a transaction, as for broadcasts (send-to-subscriptions.ts).
import { chats, type Database, pushSubscriptions, replyDrafts, talentManagers, talents, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import type { WebPushPort } from '../ports/web-push.ts';
import { heldReplyNotification } from './held-reply-notification.ts';
import {
  type PushReport,
  pushReport,
  recordPushDelivery,
  type SendPushOptions,
  type SubscriptionTarget,
  sendToSubscriptions,
} from './send-to-subscriptions.ts';

export type HeldReplyPushOptions = SendPushOptions & { now?: () => Date };

export type HeldReplyPushOutcome =
  | { outcome: 'missing' }
  /** The creator (or the hold limit, or a takeover) decided the draft before the job ran. */
  | { outcome: 'decided'; status: string }
  | ({ outcome: 'pushed' } & PushReport);

/** The draft with what the notification says: its status, the twin's name and the fan. */
async function loadDraft(db: Database, draftId: string) {
  const [row] = await db
    .select({
      status: replyDrafts.status,
      talentId: replyDrafts.talentId,
      twinName: talents.name,
      fan: { id: users.id, name: users.name, isAnonymous: users.isAnonymous },
    })
    .from(replyDrafts)
    .innerJoin(talents, eq(talents.id, replyDrafts.talentId))
    .innerJoin(chats, eq(chats.id, replyDrafts.chatId))
    .innerJoin(users, eq(users.id, chats.userId))
    .where(eq(replyDrafts.id, draftId));
  return row;
}

/** Every browser of every manager of the twin (a browser belongs to one account: no duplicates). */
function managersSubscriptions(db: Database, talentId: string): Promise<SubscriptionTarget[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(talentManagers)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, talentManagers.userId))
    .where(eq(talentManagers.talentId, talentId))
    .orderBy(pushSubscriptions.id);
}

/** Tells the twin's managers' browsers that a held reply waits; see the file comment. */
export async function pushHeldReply(
  db: Database,
  push: WebPushPort,
  input: { draftId: string },
  options: HeldReplyPushOptions,
): Promise<HeldReplyPushOutcome> {
  const draft = await loadDraft(db, input.draftId);
  if (!draft) return { outcome: 'missing' };
  if (draft.status !== 'PENDING') return { outcome: 'decided', status: draft.status };

  const targets = await managersSubscriptions(db, draft.talentId);
  const notification = heldReplyNotification(draft);
  const delivery = await sendToSubscriptions(push, targets, () => notification, options);
  await recordPushDelivery(db, delivery, options.now?.() ?? new Date());
  return { outcome: 'pushed', ...pushReport(targets.length, delivery) };
}
