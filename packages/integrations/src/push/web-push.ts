// WebPushPort through the `web-push` package: it encrypts the payload for the browser's keys
// (aes128gcm, RFC 8291), signs a VAPID JWT for the push service's origin (RFC 8292) and POSTs the
// result over HTTPS (RFC 8030). Push services are always HTTPS; tests hand in an agent that trusts
// the local fake's certificate.
import { Agent } from 'node:https';
import type { PushOutcome, VapidKeys, WebPushPort } from '@doppel/domain/ports';
import webPush from 'web-push';

export type WebPushConfig = {
  /**
   * The HTTPS agent requests go through. Default: one keep-alive agent per adapter, so a broadcast's
   * notifications to one push service (FCM, Mozilla, Apple) reuse a few TLS connections.
   */
  agent?: Agent;
  /** Per request, socket inactivity included; default 10 s. */
  timeoutMs?: number;
  /** How long the push service keeps a notification for a browser that is offline; default a day. */
  ttlSeconds?: number;
};

/** Where the push service should write about abuse or problems, when WEB_PUSH_SUBJECT is unset. */
export const defaultWebPushSubject = 'mailto:support@doppel.local';

const defaultTimeoutMs = 10_000;
// A broadcast's notification is stale after a day: the message itself waits in the chat anyway.
const defaultTtlSeconds = 24 * 60 * 60;
/** Enough sockets for the bounded sending rate; more would only queue inside the push service. */
const maxSocketsPerService = 16;

export function createWebPush(config: WebPushConfig = {}): WebPushPort {
  const agent = config.agent ?? new Agent({ keepAlive: true, maxSockets: maxSocketsPerService });
  const timeout = config.timeoutMs ?? defaultTimeoutMs;
  const TTL = config.ttlSeconds ?? defaultTtlSeconds;
  return {
    generateKeys(): VapidKeys {
      const { publicKey, privateKey } = webPush.generateVAPIDKeys();
      return { publicKey, privateKey };
    },
    async send(target, payload, vapid): Promise<PushOutcome> {
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL,
            urgency: 'normal',
            contentEncoding: 'aes128gcm',
            timeout,
            agent,
          },
        );
        return { outcome: 'sent' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
  };
}

/** 404 and 410 are the push service saying the subscription is over (RFC 8030 section 7.3); the rest may heal. */
function outcomeOf(error: unknown): PushOutcome {
  if (error instanceof webPush.WebPushError) {
    if (error.statusCode === 404 || error.statusCode === 410) return { outcome: 'gone' };
    const detail = typeof error.body === 'string' && error.body.trim() ? `: ${error.body.trim().slice(0, 300)}` : '';
    return {
      outcome: 'failed',
      status: error.statusCode,
      message: `The push service answered HTTP ${error.statusCode}${detail}`,
    };
  }
  // A refused connection, a timeout, or keys web-push could not encrypt for.
  const reason = error instanceof Error ? error.message : String(error);
  return { outcome: 'failed', message: `The notification could not be sent: ${reason}` };
}
