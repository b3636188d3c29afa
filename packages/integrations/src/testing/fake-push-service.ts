// A local Web Push service for tests, over HTTPS like every real one (web-push only speaks HTTPS;
// trust `certificate`, e.g. with `agent()`). It hands out subscriptions as a browser's
// pushManager.subscribe() would, checks each POST /push/{id} the way a push service does (VAPID
// JWT for its origin, TTL, aes128gcm) and then plays the browser: it decrypts the payload with the
// subscription's private key and records it. A subscription can be made gone (410) or failing.
import { randomUUID } from 'node:crypto';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  type BrowserKeys,
  createBrowserKeys,
  decryptPushPayload,
  PushRefusal,
  selfSignedCertificate,
  type VapidClaims,
  verifyVapid,
} from './fake-push-crypto.ts';
import { delay } from './http.ts';

/** What the browser's PushSubscription.toJSON() gives the app. */
export type FakePushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type FakePushMessage = {
  endpoint: string;
  /** The payload as the service worker reads it (`event.data.text()`). */
  text: string;
  /** `event.data.json()`, or null when the text is not JSON. */
  json: unknown;
  ttl: number;
  urgency: string | null;
  vapid: VapidClaims;
  /** Date.now() when the request arrived. */
  receivedAt: number;
};

export type FakePushRejection = { endpoint: string; status: number; reason: string };

export type FakePushService = {
  /** https://127.0.0.1:<port>, the audience a VAPID JWT must name. */
  origin: string;
  /** The self-signed certificate it serves (PEM). */
  certificate: string;
  /** An HTTPS agent that trusts `certificate`, for createWebPush({ agent }). */
  agent: () => Agent;
  /**
   * A new subscription with fresh browser keys. With `applicationServerKey` (the VAPID public key
   * the page subscribed with), requests signed with another key are refused with 403, as push
   * services do.
   */
  subscribe: (options?: { applicationServerKey?: string }) => FakePushSubscription;
  /** Every notification delivered, in arrival order. */
  received: FakePushMessage[];
  receivedBy: (endpoint: string) => FakePushMessage[];
  /** Every request refused, with the status answered. */
  rejected: FakePushRejection[];
  /** The browser dropped this subscription: 410 Gone from now on. */
  markGone: (endpoint: string) => void;
  /** Answer this status (default 500) for the subscription until `recover`. */
  fail: (endpoint: string, status?: number) => void;
  recover: (endpoint: string) => void;
  /** Most requests it was answering at one moment (each is held `delayMs`). */
  maxInFlight: () => number;
  close: () => Promise<void>;
};

type Subscription = { endpoint: string; keys: BrowserKeys; applicationServerKey: string | null; state: 'ok' | 'gone' | number };

/** Real push services accept at least 4096 bytes of body (RFC 8030 section 7.2); FCM no more. */
const maxBodyBytes = 4096;
const urgencies = new Set(['very-low', 'low', 'normal', 'high']);

export async function startFakePushService(options: { delayMs?: number } = {}): Promise<FakePushService> {
  const { certificate, privateKey } = await selfSignedCertificate('Fake push service');
  const subscriptions = new Map<string, Subscription>();
  const received: FakePushMessage[] = [];
  const rejected: FakePushRejection[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let origin = '';

  const server = createServer({ key: privateKey, cert: certificate }, async (request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const endpoint = `${origin}${request.url ?? '/'}`;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (options.delayMs) await delay(options.delayMs);
      const message = accept(request.method, request.url, request.headers, body);
      received.push({ ...message, endpoint, receivedAt: Date.now() });
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` });
      response.end();
    } catch (error) {
      const refusal = error instanceof PushRefusal ? error : new PushRefusal(500, String(error));
      rejected.push({ endpoint, status: refusal.status, reason: refusal.message });
      response.writeHead(refusal.status, { 'content-type': 'text/plain' });
      response.end(refusal.message);
    } finally {
      inFlight -= 1;
    }
  });

  /** The checks of a push service, then the browser's decryption; throws PushRefusal with the answer. */
  const accept = (
    method: string | undefined,
    url: string | undefined,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): Omit<FakePushMessage, 'endpoint' | 'receivedAt'> => {
    const id = /^\/push\/([^/?#]+)$/.exec(url ?? '')?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (method !== 'POST' || !subscription) throw new PushRefusal(404, 'No such subscription');
    if (subscription.state === 'gone') throw new PushRefusal(410, 'The subscription has expired or was unsubscribed');
    if (typeof subscription.state === 'number') throw new PushRefusal(subscription.state, 'The push service is failing');

    const vapid = verifyVapid(header(headers.authorization), origin);
    if (subscription.applicationServerKey && vapid.publicKey !== subscription.applicationServerKey) {
      throw new PushRefusal(403, 'The VAPID key is not the one this subscription was made with');
    }
    const ttlText = header(headers.ttl);
    if (!ttlText || !/^\d+$/.test(ttlText)) throw new PushRefusal(400, 'A TTL header (seconds) is required');
    const urgency = header(headers.urgency) ?? null;
    if (urgency !== null && !urgencies.has(urgency)) throw new PushRefusal(400, `Urgency ${urgency} is not one of RFC 8030's`);
    if (header(headers['content-encoding']) !== 'aes128gcm') throw new PushRefusal(400, 'Content-Encoding must be aes128gcm');
    if (body.length > maxBodyBytes) throw new PushRefusal(413, `The body is ${body.length} bytes; at most ${maxBodyBytes}`);

    const text = decryptPushPayload(body, subscription.keys).toString('utf8');
    return { text, json: parseJson(text), ttl: Number(ttlText), urgency, vapid };
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const byEndpoint = (endpoint: string): Subscription => {
    const found = [...subscriptions.values()].find((subscription) => subscription.endpoint === endpoint);
    if (!found) throw new Error(`The fake push service has no subscription ${endpoint}`);
    return found;
  };

  return {
    origin,
    certificate,
    agent: () => new Agent({ ca: certificate, keepAlive: true }),
    subscribe: (subscribeOptions = {}) => {
      const id = randomUUID();
      const keys = createBrowserKeys();
      const endpoint = `${origin}/push/${id}`;
      subscriptions.set(id, { endpoint, keys, applicationServerKey: subscribeOptions.applicationServerKey ?? null, state: 'ok' });
      return { endpoint, keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.authSecret.toString('base64url') } };
    },
    received,
    receivedBy: (endpoint) => received.filter((message) => message.endpoint === endpoint),
    rejected,
    markGone: (endpoint) => {
      byEndpoint(endpoint).state = 'gone';
    },
    fail: (endpoint, status = 500) => {
      byEndpoint(endpoint).state = status;
    },
    recover: (endpoint) => {
      byEndpoint(endpoint).state = 'ok';
    },
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
