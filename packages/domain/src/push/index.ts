// Web Push (issue 13): the server's VAPID keys, users' browser subscriptions, and sending at a
// bounded rate. Broadcasts use them in broadcasts/push-chunk.ts; approval mode tells the creator
// about a held reply in held-reply-push.ts.
export { heldReplyNotification, heldReplyUrl } from './held-reply-notification.ts';
export { type HeldReplyPushOptions, type HeldReplyPushOutcome, pushHeldReply } from './held-reply-push.ts';
export { ensureWebPushKeys } from './keys.ts';
export { forEachPaced, type PaceOptions } from './pace.ts';
export {
  defaultPushConcurrency,
  defaultPushRatePerSecond,
  type PushDelivery,
  type PushNotification,
  type PushReport,
  pushReport,
  recordPushDelivery,
  type SendPushOptions,
  type SubscriptionTarget,
  sendToSubscriptions,
} from './send-to-subscriptions.ts';
export {
  maxPushSubscriptionsPerUser,
  type PushStatus,
  type PushSubscriptionInput,
  pushStatus,
  signInForNotificationsMessage,
  subscribePush,
  unsubscribePush,
} from './subscriptions.ts';
