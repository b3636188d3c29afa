// push.* over the real server: the VAPID public key (made once, public), and a browser's
// subscription kept for the signed-in fan only, moved by endpoint, removed only by its owner.
import { pushSubscriptions, users, webPushKeys } from '@doppel/db';
import { maxPushSubscriptionsPerUser } from '@doppel/domain/push';
import { type FakePushService, startFakePushService } from '@doppel/integrations/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, signIn, startApi } from './harness.ts';

let api: Api;
let pushService: FakePushService;
let fan: Caller;
let otherFan: Caller;
let fanId: string;
let otherFanId: string;

beforeAll(async () => {
  [api, pushService] = await Promise.all([startApi(), startFakePushService()]);
  const [one, two] = await api.database.db
    .insert(users)
    .values([
      { email: 'push-fan@test.dev', name: 'Push Fan' },
      { email: 'push-other@test.dev', name: 'Other Fan' },
    ])
    .returning({ id: users.id });
  fanId = one?.id ?? '';
  otherFanId = two?.id ?? '';
  fan = await signIn(api, 'push-fan@test.dev');
  otherFan = await signIn(api, 'push-other@test.dev');
});
afterAll(async () => {
  await pushService?.close();
  await api?.close();
});

const rowsOf = (endpoint: string) =>
  api.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('push.publicKey', () => {
  it('gives anyone the VAPID public key, made on first call and the same ever after', async () => {
    expect(await api.database.db.select().from(webPushKeys)).toEqual([]);
    const [first, second] = await Promise.all([
      createCaller(api).client.push.publicKey.query(),
      fan.client.push.publicKey.query(),
    ]);
    expect(second).toEqual(first);
    expect(await createCaller(api).client.push.publicKey.query()).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const stored = await api.database.db.select().from(webPushKeys);
    expect(stored.map((row) => row.publicKey)).toEqual([first.publicKey]);
    // The private half never leaves the server.
    expect(JSON.stringify(first)).not.toContain(stored[0]?.privateKey ?? 'private');
  });
});

describe('push.subscribe', () => {
  it('refuses a caller who is not signed in, and an anonymous fan with "Sign in to turn on notifications."', async () => {
    const subscription = pushService.subscribe();
    expect((await refusal(createCaller(api).client.push.subscribe.mutate(subscription))).code).toBe('UNAUTHORIZED');

    const { tag } = await createTalent(api);
    const anonymous = createCaller(api);
    expect((await anonymous.client.chat.open.mutate({ talentTag: tag })).isAnonymous).toBe(true);
    expect(await refusal(anonymous.client.push.subscribe.mutate(subscription))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Sign in to turn on notifications.',
    });
    expect(await rowsOf(subscription.endpoint)).toEqual([]);
  });

  it("keeps the signed-in fan's browser, and replaces its keys when the browser subscribes again", async () => {
    const subscription = pushService.subscribe();
    expect(await fan.client.push.subscribe.mutate(subscription)).toEqual({ subscribed: true });
    expect(await fan.client.push.status.query({ endpoint: subscription.endpoint })).toEqual({ subscribed: true });
    expect(await rowsOf(subscription.endpoint)).toMatchObject([{ userId: fanId, ...subscription.keys }]);

    const renewed = { ...subscription, keys: pushService.subscribe().keys };
    await fan.client.push.subscribe.mutate(renewed);
    expect(await rowsOf(subscription.endpoint)).toMatchObject([{ userId: fanId, ...renewed.keys }]);
  });

  it('moves a browser to whoever signs in on it, so it never gets two people’s notifications', async () => {
    const subscription = pushService.subscribe();
    await fan.client.push.subscribe.mutate(subscription);
    await otherFan.client.push.subscribe.mutate(subscription);
    expect(await rowsOf(subscription.endpoint)).toMatchObject([{ userId: otherFanId }]);
    expect(await fan.client.push.status.query({ endpoint: subscription.endpoint })).toEqual({ subscribed: false });
    expect(await otherFan.client.push.status.query({ endpoint: subscription.endpoint })).toEqual({ subscribed: true });
  });

  it(`keeps at most ${maxPushSubscriptionsPerUser} browsers per fan, the newest`, async () => {
    const [row] = await api.database.db
      .insert(users)
      .values({ email: 'many-browsers@test.dev', name: 'Many' })
      .returning({ id: users.id });
    const busy = await signIn(api, 'many-browsers@test.dev');
    const browsers = Array.from({ length: maxPushSubscriptionsPerUser + 2 }, () => pushService.subscribe());
    for (const browser of browsers) await busy.client.push.subscribe.mutate(browser);
    const kept = await api.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row?.id ?? ''));
    expect(kept.map((entry) => entry.endpoint).sort()).toEqual(
      browsers
        .slice(2)
        .map((browser) => browser.endpoint)
        .sort(),
    );
  });

  it('refuses what no browser sends, naming the field', async () => {
    const subscription = pushService.subscribe();
    const bad = await refusal(fan.client.push.subscribe.mutate({ ...subscription, endpoint: 'ftp://push.example/1' }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.fieldErrors?.endpoint).toEqual(['The subscription endpoint must be an http(s) URL']);
    const badKey = await refusal(
      fan.client.push.subscribe.mutate({ ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } }),
    );
    expect(badKey.code).toBe('BAD_REQUEST');
  });
});

describe('push.unsubscribe and push.status', () => {
  it("turns notifications off for the caller's own browser only", async () => {
    const subscription = pushService.subscribe();
    await fan.client.push.subscribe.mutate(subscription);

    expect(await otherFan.client.push.unsubscribe.mutate({ endpoint: subscription.endpoint })).toEqual({ subscribed: false });
    expect(await rowsOf(subscription.endpoint)).toHaveLength(1);
    expect(await fan.client.push.status.query({ endpoint: subscription.endpoint })).toEqual({ subscribed: true });

    expect(await fan.client.push.unsubscribe.mutate({ endpoint: subscription.endpoint })).toEqual({ subscribed: false });
    expect(await rowsOf(subscription.endpoint)).toEqual([]);
    expect(await fan.client.push.status.query({ endpoint: subscription.endpoint })).toEqual({ subscribed: false });
    // Twice is fine: the browser may ask again after a lost answer.
    expect(await fan.client.push.unsubscribe.mutate({ endpoint: subscription.endpoint })).toEqual({ subscribed: false });
  });

  it('refuses callers who are not signed in', async () => {
    const anonymous = createCaller(api);
    const endpoint = pushService.subscribe().endpoint;
    expect((await refusal(anonymous.client.push.status.query({ endpoint }))).code).toBe('UNAUTHORIZED');
    expect((await refusal(anonymous.client.push.unsubscribe.mutate({ endpoint }))).code).toBe('UNAUTHORIZED');
  });
});
