// Port of the push service (docs/broadcasts.md#push-notifications-broadcastspush). Web Push with VAPID: the
// server signs each request with its own key pair and encrypts the payload for the browser's keys
// (RFC 8030, 8291, 8292). The adapter (packages/integrations/src/push) uses the `web-push` package.

/** The server's VAPID key pair, URL-safe base64 (public: the 65-byte P-256 point browsers take). */
export type VapidKeys = { publicKey: string; privateKey: string };

/** The keys a browser's PushSubscription gives, as its `toJSON()` has them (URL-safe base64). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type VapidDetails = VapidKeys & {
  /** A `mailto:` or `https:` contact the push service may use to reach the sender (RFC 8292). */
  subject: string;
};

/**
 * What the push service answered: `gone` (404 or 410) means the browser dropped the subscription
 * for good, so it should be deleted; `failed` is anything else (a 5xx, a refusal, a timeout).
 */
export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'failed'; status?: number; message: string };

export type WebPushPort = {
  /** A fresh VAPID key pair; made once and kept (web_push_keys), since subscriptions are bound to it. */
  generateKeys(): VapidKeys;
  /** Encrypts `payload` for the subscription and hands it to its push service; never throws for an answer. */
  send(target: PushTarget, payload: string, vapid: VapidDetails): Promise<PushOutcome>;
};
