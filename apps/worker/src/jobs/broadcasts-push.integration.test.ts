// The broadcasts.push job against a real database and the local push service, through the real
// web-push adapter: a broadcast with a headline is prepared and its chunk sent (the send job queues
// the push), then the push job notifies every subscribed browser of the fans who got the message,
// once, signed with the stored VAPID keys; a gone subscription is deleted; nobody else hears a thing.
import { broadcastChunks, broadcasts, chats, pushSubscriptions, talents, webPushKeys } from '@doppel/db';
import { createTestDatabase, seedBroadcastFans, type TestDatabase } from '@doppel/db/testing';
import { prepareBroadcast } from '@doppel/domain/broadcasts';
import type { VapidKeys, WebPushPort } from '@doppel/domain/ports';
import { defaultPushConcurrency, ensureWebPushKeys, subscribePush } from '@doppel/domain/push';
import { createWebPush, defaultWebPushSubject } from '@doppel/integrations';
import { type FakePushService, type FakePushSubscription, startFakePushService } from '@doppel/integrations/testing';
import type { JobName, JobPayloadInput } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBroadcastsPush } from './broadcasts-push.ts';
import { runBroadcastsSend } from './broadcasts-send.ts';
import type { FollowUp, JobContext, WebPushServices } from './types.ts';

let database: TestDatabase;
let service: FakePushService;
let slowService: FakePushService;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  [service, slowService] = await Promise.all([startFakePushService(), startFakePushService({ delayMs: 150 })]);
});
afterAll(async () => {
  await Promise.all([service?.close(), slowService?.close()]);
  await database?.drop();
});

type Queued = { name: JobName; payload: unknown };

function context(name: JobName, webPush?: WebPushServices, queued: Queued[] = []): JobContext {
  const followUp: FollowUp = async <Name extends JobName>(jobName: Name, payload: JobPayloadInput<Name>) => {
    queued.push({ name: jobName, payload });
  };
  return {
    db: database.db,
    log: silentLogger,
    job: { id: `job-${name}`, name, retryCount: 0 },
    services: { ...(webPush ? { webPush } : {}) } as JobContext['services'],
    followUp,
  };
}

function webPushFor(fake: FakePushService, ratePerSecond = 1000): WebPushServices {
  return { port: createWebPush({ agent: fake.agent(), timeoutMs: 5_000 }), subject: defaultWebPushSubject, ratePerSecond };
}

/** A twin whose `matching` fans (`{prefix}u1`…) are the audience, and a broadcast for them with a headline. */
async function scheduleWithHeadline(prefix: string, matching: number, others = 0) {
  const talentId = `${prefix}-twin`;
  const tag = `${prefix}_twin`;
  await database.db.insert(talents).values({ id: talentId, name: `Twin ${prefix}`, tag });
  await seedBroadcastFans(database.db, { prefix, talentId, matching, others });
  const [row] = await database.db
    .insert(broadcasts)
    .values({
      talentId,
      message: `Hello from ${prefix}`,
      pushNotificationHeadline: `${prefix} is live`,
      pushNotificationMessage: 'Come say hi',
      scheduledAt: new Date(Date.now() - 1000),
    })
    .returning({ id: broadcasts.id });
  if (!row) throw new Error('broadcast not stored');
  return { broadcastId: row.id, tag };
}

/** Prepares the broadcast and sends its only chunk with the real send job; answers the jobs it queued. */
async function prepareAndSend(broadcastId: string): Promise<Queued[]> {
  const prepared = await prepareBroadcast(database.db, broadcastId, { enqueueSends: async () => undefined });
  expect(prepared).toMatchObject({ outcome: 'prepared', chunks: 1 });
  const queued: Queued[] = [];
  await runBroadcastsSend({ broadcastId, chunk: 0 }, context('broadcasts.send', undefined, queued));
  return queued;
}

/** A browser of this fan turning notifications on, as the API's push.subscribe does. */
async function subscribeBrowser(fake: FakePushService, userId: string, keys: VapidKeys): Promise<FakePushSubscription> {
  const subscription = fake.subscribe({ applicationServerKey: keys.publicKey });
  await subscribePush(database.db, { id: userId, role: 'USER', managedTalentIds: [] }, subscription);
  return subscription;
}

async function subscriptionRow(endpoint: string) {
  const [row] = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

async function chunkRow(broadcastId: string) {
  const [row] = await database.db
    .select()
    .from(broadcastChunks)
    .where(and(eq(broadcastChunks.broadcastId, broadcastId), eq(broadcastChunks.chunk, 0)));
  return row;
}

describe('the VAPID keys', () => {
  it('are generated once, on first use, and the same for everyone after, however many ask at once', async () => {
    expect(await database.db.select().from(webPushKeys)).toEqual([]);
    const port: WebPushPort = createWebPush();
    const pairs = await Promise.all(Array.from({ length: 5 }, () => ensureWebPushKeys(database.db, port)));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(await ensureWebPushKeys(database.db, port)).toEqual(pairs[0]);
    expect(await database.db.select().from(webPushKeys)).toHaveLength(1);
  });
});

describe('broadcasts.push', () => {
  it('notifies each subscribed browser of the fans who got the message once, and drops a gone one', async () => {
    const { broadcastId, tag } = await scheduleWithHeadline('bp1', 5, 1);
    const webPush = webPushFor(service);
    const keys = await ensureWebPushKeys(database.db, webPush.port);
    // bp1u1 has two browsers; bp1u2's browser dropped its subscription; bp1u3's push service fails;
    // bp1u4 never turned notifications on; bp1u5's chat is deleted before the send; bp1u8 wrote
    // a minute ago, so the broadcast skips them.
    const [phone, laptop, dropped, failing, deletedChat, notInAudience] = [
      await subscribeBrowser(service, 'bp1u1', keys),
      await subscribeBrowser(service, 'bp1u1', keys),
      await subscribeBrowser(service, 'bp1u2', keys),
      await subscribeBrowser(service, 'bp1u3', keys),
      await subscribeBrowser(service, 'bp1u5', keys),
      await subscribeBrowser(service, 'bp1u8', keys),
    ];
    if (!phone || !laptop || !dropped || !failing || !deletedChat || !notInAudience) throw new Error('subscribing failed');
    service.markGone(dropped.endpoint);
    service.fail(failing.endpoint, 500);
    await database.db.delete(chats).where(eq(chats.id, 'bp1c5'));

    const queued = await prepareAndSend(broadcastId);
    expect(queued).toEqual([{ name: 'broadcasts.push', payload: { broadcastId, chunk: 0 } }]);

    const output = await runBroadcastsPush({ broadcastId, chunk: 0 }, context('broadcasts.push', webPush));
    expect(output).toMatchObject({ outcome: 'pushed', subscriptions: 4, sent: 2, gone: 1, failed: 1 });

    const expected = { title: 'bp1 is live', body: 'Come say hi', url: `/chat/${tag}`, tag: broadcastId };
    for (const browser of [phone, laptop]) {
      const messages = service.receivedBy(browser.endpoint);
      expect(messages.map((message) => message.json)).toEqual([expected]);
      expect(messages[0]?.vapid).toMatchObject({ publicKey: keys.publicKey, subject: defaultWebPushSubject });
      expect((await subscriptionRow(browser.endpoint))?.lastPushedAt).toBeInstanceOf(Date);
    }
    for (const browser of [dropped, failing, deletedChat, notInAudience]) {
      expect(service.receivedBy(browser.endpoint), browser.endpoint).toEqual([]);
    }
    expect(await subscriptionRow(dropped.endpoint)).toBeUndefined();
    expect(await subscriptionRow(failing.endpoint)).toMatchObject({ userId: 'bp1u3', lastPushedAt: null });
    expect(await subscriptionRow(notInAudience.endpoint)).toMatchObject({ userId: 'bp1u8', lastPushedAt: null });
    expect(await chunkRow(broadcastId)).toMatchObject({ pushCount: 2, pushedAt: expect.any(Date) });
  });

  it('sends nothing more when the same chunk runs again (a retry, the sweep)', async () => {
    const { broadcastId } = await scheduleWithHeadline('bp2', 2);
    const webPush = webPushFor(service);
    const keys = await ensureWebPushKeys(database.db, webPush.port);
    const browser = await subscribeBrowser(service, 'bp2u1', keys);
    await prepareAndSend(broadcastId);

    expect(await runBroadcastsPush({ broadcastId, chunk: 0 }, context('broadcasts.push', webPush))).toMatchObject({ sent: 1 });
    const pushedAt = (await chunkRow(broadcastId))?.pushedAt;
    expect(await runBroadcastsPush({ broadcastId, chunk: 0 }, context('broadcasts.push', webPush))).toMatchObject({
      outcome: 'already-pushed',
    });
    expect(service.receivedBy(browser.endpoint)).toHaveLength(1);
    expect((await chunkRow(broadcastId))?.pushedAt).toEqual(pushedAt);
  });

  it('leaves a chunk that is not sent yet for later, and refuses to run without web push', async () => {
    const { broadcastId } = await scheduleWithHeadline('bp3', 1);
    await prepareBroadcast(database.db, broadcastId, { enqueueSends: async () => undefined });
    expect(await runBroadcastsPush({ broadcastId, chunk: 0 }, context('broadcasts.push', webPushFor(service)))).toMatchObject({
      outcome: 'not-sent',
    });
    expect((await chunkRow(broadcastId))?.pushedAt).toBeNull();
    await expect(runBroadcastsPush({ broadcastId, chunk: 0 }, context('broadcasts.push'))).rejects.toThrow(/needs web push/);
  });

  it('spreads the notifications at the configured rate', async () => {
    const fans = 8;
    const ratePerSecond = 5;
    const { broadcastId } = await scheduleWithHeadline('bp4', fans);
    const webPush = webPushFor(service, ratePerSecond);
    const keys = await ensureWebPushKeys(database.db, webPush.port);
    const browsers = [];
    for (let n = 1; n <= fans; n++) browsers.push(await subscribeBrowser(service, `bp4u${n}`, keys));
    await prepareAndSend(broadcastId);

    const began = performance.now();
    expect(await runBroadcastsPush({ broadcastId, chunk: 0 }, context('broadcasts.push', webPush))).toMatchObject({ sent: fans });
    const elapsed = performance.now() - began;

    // A lower bound only (never flaky): the nth notification may not start before n/rate seconds.
    expect(elapsed).toBeGreaterThanOrEqual(((fans - 1) / ratePerSecond) * 1000);
    // And the push service saw them spread out, not in one burst (generous for a busy machine).
    const arrivals = browsers.map((browser) => service.receivedBy(browser.endpoint)[0]?.receivedAt ?? 0).sort((a, b) => a - b);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(((fans - 1) / ratePerSecond) * 1000 * 0.75);
  });

  it('keeps at most a fixed number of requests open at once with a slow push service', async () => {
    const fans = defaultPushConcurrency * 2 + 3;
    const { broadcastId } = await scheduleWithHeadline('bp5', fans);
    const webPush = webPushFor(slowService, 10_000);
    const keys = await ensureWebPushKeys(database.db, webPush.port);
    for (let n = 1; n <= fans; n++) await subscribeBrowser(slowService, `bp5u${n}`, keys);
    await prepareAndSend(broadcastId);

    expect(await runBroadcastsPush({ broadcastId, chunk: 0 }, context('broadcasts.push', webPush))).toMatchObject({ sent: fans });
    expect(slowService.received).toHaveLength(fans);
    expect(slowService.maxInFlight()).toBe(defaultPushConcurrency);
  });
});
