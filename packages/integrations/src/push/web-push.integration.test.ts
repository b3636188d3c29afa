// The web-push adapter against the local push service: real HTTPS, a real VAPID JWT checked by the
// fake, and a payload the fake decrypts with the subscription's private key as a browser would.
import { request } from 'node:https';
import type { PushTarget, VapidDetails } from '@doppel/domain/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type FakePushService, type FakePushSubscription, startFakePushService } from '../testing/index.ts';
import { createWebPush, defaultWebPushSubject } from './web-push.ts';

let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(() => service.close());

const targetOf = (subscription: FakePushSubscription): PushTarget => ({
  endpoint: subscription.endpoint,
  p256dh: subscription.keys.p256dh,
  auth: subscription.keys.auth,
});

function setUp() {
  const push = createWebPush({ agent: service.agent(), timeoutMs: 5_000 });
  const keys = push.generateKeys();
  const vapid: VapidDetails = { ...keys, subject: defaultWebPushSubject };
  return { push, keys, vapid };
}

describe('createWebPush against a local push service', () => {
  it('generates VAPID key pairs browsers accept: a 65-byte P-256 point and a 32-byte key, different each time', () => {
    const { push, keys } = setUp();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.publicKey, 'base64url')[0]).toBe(0x04);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(push.generateKeys().publicKey).not.toBe(keys.publicKey);
  });

  it('delivers an encrypted payload the browser decrypts, signed for the push service with our key and subject', async () => {
    const { push, keys, vapid } = setUp();
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const payload = JSON.stringify({ title: 'Mia is live', body: 'Come say hi 👋', url: '/chat/mia', tag: 'b1' });

    expect(await push.send(targetOf(subscription), payload, vapid)).toEqual({ outcome: 'sent' });

    const [message, ...others] = service.receivedBy(subscription.endpoint);
    expect(others).toEqual([]);
    expect(message?.text).toBe(payload);
    expect(message?.json).toEqual({ title: 'Mia is live', body: 'Come say hi 👋', url: '/chat/mia', tag: 'b1' });
    expect(message?.urgency).toBe('normal');
    expect(message?.ttl).toBe(24 * 60 * 60);
    expect(message?.vapid).toMatchObject({ publicKey: keys.publicKey, audience: service.origin, subject: defaultWebPushSubject });
    // web-push signs for 12 hours; the push service refuses anything past 24.
    expect(message?.vapid.expiresAt).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);
  });

  it('says gone when the push service answers 410 or does not know the subscription (404)', async () => {
    const { push, keys, vapid } = setUp();
    const dropped = service.subscribe({ applicationServerKey: keys.publicKey });
    service.markGone(dropped.endpoint);
    expect(await push.send(targetOf(dropped), '{}', vapid)).toEqual({ outcome: 'gone' });

    const unknown = { ...targetOf(service.subscribe()), endpoint: `${service.origin}/push/never-issued` };
    expect(await push.send(unknown, '{}', vapid)).toEqual({ outcome: 'gone' });
    expect(service.rejected.map((rejection) => rejection.status)).toEqual(expect.arrayContaining([410, 404]));
  });

  it('reports a failing push service with its status and words, and recovers with it', async () => {
    const { push, keys, vapid } = setUp();
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    service.fail(subscription.endpoint, 503);
    expect(await push.send(targetOf(subscription), '{}', vapid)).toEqual({
      outcome: 'failed',
      status: 503,
      message: 'The push service answered HTTP 503: The push service is failing',
    });
    service.recover(subscription.endpoint);
    expect(await push.send(targetOf(subscription), '{}', vapid)).toEqual({ outcome: 'sent' });
  });

  it('is refused (403, failed) when signing with a key other than the one the browser subscribed with', async () => {
    const { push, vapid } = setUp();
    const subscription = service.subscribe({ applicationServerKey: push.generateKeys().publicKey });
    const outcome = await push.send(targetOf(subscription), '{}', vapid);
    expect(outcome).toMatchObject({ outcome: 'failed', status: 403 });
    expect(service.receivedBy(subscription.endpoint)).toEqual([]);
  });

  it('fails without throwing when the push service cannot be reached', async () => {
    const { push, vapid } = setUp();
    const closed = await startFakePushService();
    const subscription = closed.subscribe();
    await closed.close();
    const outcome = await push.send(targetOf(subscription), '{}', vapid);
    expect(outcome.outcome).toBe('failed');
    expect(outcome).toMatchObject({ message: expect.stringMatching(/^The notification could not be sent: /) });
  });
});

/** POSTs a request web-push prepared, with some headers changed, and answers the status. */
function post(details: ReturnType<typeof webPush.generateRequestDetails>, headers: Record<string, string | undefined>) {
  const merged: Record<string, string | number> = {};
  for (const [name, value] of Object.entries({ ...details.headers, ...headers })) if (value !== undefined) merged[name] = value;
  return new Promise<number>((resolve, reject) => {
    const call = request(details.endpoint, { method: 'POST', headers: merged, agent: service.agent() }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end(details.body ?? undefined);
  });
}

describe('the local push service checks requests as a real one does', () => {
  it('refuses a missing or forged VAPID signature, a JWT for another origin, no TTL and another encoding', async () => {
    const { keys } = setUp();
    const subscription = service.subscribe();
    const details = webPush.generateRequestDetails(subscription, 'hello', {
      vapidDetails: { ...keys, subject: defaultWebPushSubject },
      TTL: 60,
    });
    const authorization = String(details.headers.Authorization);
    const otherOrigin = webPush.getVapidHeaders(
      'https://push.example',
      defaultWebPushSubject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    const forged = authorization.replace(/k=.*/, `k=${webPush.generateVAPIDKeys().publicKey}`);

    expect(await post(details, { Authorization: undefined })).toBe(401);
    expect(await post(details, { Authorization: forged })).toBe(401);
    expect(await post(details, { Authorization: otherOrigin.Authorization })).toBe(401);
    expect(await post(details, { TTL: undefined })).toBe(400);
    expect(await post(details, { 'Content-Encoding': 'aesgcm' })).toBe(400);
    expect(service.receivedBy(subscription.endpoint)).toEqual([]);
    expect(await post(details, {})).toBe(201);
    expect(service.receivedBy(subscription.endpoint).map((message) => message.text)).toEqual(['hello']);
  });
});
