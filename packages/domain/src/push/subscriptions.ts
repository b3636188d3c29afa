// A signed-in user's browsers with notifications on (push_subscriptions): a fan's for broadcasts, a
// creator's for replies held for approval. Only signed-in accounts: an anonymous fan's account may
// be merged away at sign-in, and broadcasts only reach signed-in fans anyway.
import { type Executor, pushSubscriptions, users } from '@doppel/db';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';

/** What the browser's PushSubscription.toJSON() gives (URL-safe base64 keys). */
export type PushSubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };

export type PushStatus = { subscribed: boolean };

/** Browsers one fan may have notifications on in; the oldest beyond it are dropped. */
export const maxPushSubscriptionsPerUser = 10;

export const signInForNotificationsMessage = 'Sign in to turn on notifications.';

async function requireSignedInFan(db: Executor, viewer: Viewer): Promise<string> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', signInForNotificationsMessage);
  const [user] = await db.select({ isAnonymous: users.isAnonymous }).from(users).where(eq(users.id, viewer.id));
  if (!user || user.isAnonymous) throw new DomainError('UNAUTHENTICATED', signInForNotificationsMessage);
  return viewer.id;
}

/**
 * Keeps the browser's subscription for the signed-in fan. The endpoint is unique: subscribing again
 * replaces its keys, and a browser where another account signs in moves to that account, so one
 * browser never gets two people's notifications.
 */
export async function subscribePush(tx: Executor, viewer: Viewer, input: PushSubscriptionInput): Promise<PushStatus> {
  const userId = await requireSignedInFan(tx, viewer);
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: new Date(), lastPushedAt: null },
    });
  // Each browser counts once; a client that subscribes in a loop cannot make broadcasts push more.
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(maxPushSubscriptionsPerUser);
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  return { subscribed: true };
}

/** Turns notifications off in one of the viewer's browsers; another account's endpoint is left alone. */
export async function unsubscribePush(tx: Executor, viewer: Viewer, endpoint: string): Promise<PushStatus> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, viewer.id)));
  return { subscribed: false };
}

/** Whether this browser (its endpoint) has notifications on for the viewer. */
export async function pushStatus(db: Executor, viewer: Viewer, endpoint: string): Promise<PushStatus> {
  if (!viewer) return { subscribed: false };
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, viewer.id)));
  return { subscribed: row !== undefined };
}
