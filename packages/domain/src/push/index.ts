// Web Push for fans (issue 13): the server's VAPID keys, fans' browser subscriptions, and sending
// at a bounded rate. Broadcasts use them in broadcasts/push-chunk.ts.
export * from './keys.ts';
export * from './pace.ts';
export * from './subscriptions.ts';
