// Sending notifications to stored browser subscriptions, shared by every push job (broadcasts,
// held replies): each subscription gets its notification at a bounded rate, then the push
// services' answers are written back (gone subscriptions deleted, delivered ones stamped).
import { type Executor, pushSubscriptions } from '@doppel/db';
import { inArray } from 'drizzle-orm';
import type { PushTarget, VapidDetails, WebPushPort } from '../ports/web-push.ts';
import { forEachPaced } from './pace.ts';

/** Notifications per second a worker hands to push services when not configured otherwise. */
export const defaultPushRatePerSecond = 50;
/** Requests in flight at once; with ~100 ms per request this sustains the default rate. */
export const defaultPushConcurrency = 10;

/**
 * What the service worker (apps/web/public/push-sw.js) shows and opens on click. A notification
 * with the tag of one already on the device replaces it instead of showing a second.
 */
export type PushNotification = { title: string; body: string; url: string; tag: string };

/** A push_subscriptions row as sending needs it. */
export type SubscriptionTarget = PushTarget & { id: string };

export type SendPushOptions = {
  vapid: VapidDetails;
  ratePerSecond?: number;
  concurrency?: number;
};

/** The subscriptions each push service accepted or called gone, and why the others failed. */
export type PushDelivery = { sent: string[]; gone: string[]; failures: string[] };

/**
 * Sends each target the notification `notificationOf` makes for it, at the bounded rate. Never
 * throws for a push service's answer: a failure (5xx, timeout) is counted and that notification
 * is lost. Runs outside any transaction: it takes seconds for many targets.
 */
export async function sendToSubscriptions<Target extends SubscriptionTarget>(
  push: WebPushPort,
  targets: readonly Target[],
  notificationOf: (target: Target) => PushNotification,
  options: SendPushOptions,
): Promise<PushDelivery> {
  const delivery: PushDelivery = { sent: [], gone: [], failures: [] };
  await forEachPaced(
    targets,
    async (target) => {
      const result = await push.send(target, JSON.stringify(notificationOf(target)), options.vapid);
      if (result.outcome === 'sent') delivery.sent.push(target.id);
      else if (result.outcome === 'gone') delivery.gone.push(target.id);
      else delivery.failures.push(result.message);
    },
    {
      ratePerSecond: options.ratePerSecond ?? defaultPushRatePerSecond,
      concurrency: options.concurrency ?? defaultPushConcurrency,
    },
  );
  return delivery;
}

/** What a push job reports (its output in `ops jobs`): how many browsers, and what their push services said. */
export type PushReport = { subscriptions: number; sent: number; gone: number; failed: number; firstFailure: string | null };

export function pushReport(subscriptions: number, delivery: PushDelivery): PushReport {
  return {
    subscriptions,
    sent: delivery.sent.length,
    gone: delivery.gone.length,
    failed: delivery.failures.length,
    firstFailure: delivery.failures[0] ?? null,
  };
}

/** Deletes the subscriptions the push service called gone (the browser dropped them for good) and stamps the delivered ones. */
export async function recordPushDelivery(db: Executor, delivery: PushDelivery, now: Date): Promise<void> {
  await Promise.all([
    delivery.gone.length > 0 ? db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, delivery.gone)) : undefined,
    delivery.sent.length > 0
      ? db.update(pushSubscriptions).set({ lastPushedAt: now }).where(inArray(pushSubscriptions.id, delivery.sent))
      : undefined,
  ]);
}
