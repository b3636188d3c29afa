// Web Push (issue 13): the server's VAPID keys, users' browser subscriptions, and sending at a
// bounded rate. Broadcasts use them in broadcasts/push-chunk.ts; approval mode tells the creator
// about a held reply in held-reply-push.ts.
export * from './held-reply-notification.ts';
export * from './held-reply-push.ts';
export * from './keys.ts';
export * from './pace.ts';
export * from './send-to-subscriptions.ts';
export * from './subscriptions.ts';
