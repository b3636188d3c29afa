// The chat.held-reply-push job against a real database, real pg-boss and the local push service,
// through the real web-push adapter: the reply job (offline model) holds a twin's reply for
// approval and commits the push job with the draft; the push job tells each browser of the twin's
// managers, once, signed with the stored VAPID keys, that a reply waits; nobody else hears a
// thing; a decided draft sends nothing; a gone subscription is deleted.
import { chatMessages, chats, pushSubscriptions, seedDemoData, talentConfigs, talentManagers, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import type { Viewer } from '@doppel/domain/access';
import type { VapidKeys } from '@doppel/domain/ports';
import { ensureWebPushKeys, subscribePush } from '@doppel/domain/push';
import { approveReplyDraft, rejectReplyDraft } from '@doppel/domain/talent';
import { createWebPush, defaultWebPushSubject } from '@doppel/integrations';
import { type FakePushService, type FakePushSubscription, startFakePushService } from '@doppel/integrations/testing';
import { createBoss, enqueue, ensureQueues, type JobName, type JobPayloadInput } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runChatHeldReplyPush } from './chat-held-reply-push.ts';
import { runChatReply } from './chat-reply.ts';
import { createOfflineWorkerServices } from './chat-reply-services.ts';
import type { FollowUp, JobContext, WebPushServices } from './types.ts';

let database: TestDatabase;
let service: FakePushService;
let boss: PgBoss;
let webPush: WebPushServices;
let keys: VapidKeys;
let count = 0;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  // The demo data brings the app config the reply prompt is built from.
  await seedDemoData(database.db);
  service = await startFakePushService();
  webPush = { port: createWebPush({ agent: service.agent(), timeoutMs: 5_000 }), subject: defaultWebPushSubject };
  keys = await ensureWebPushKeys(database.db, webPush.port);
  boss = createBoss(database.url, { role: 'client' });
  await boss.start();
  await ensureQueues(boss);
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await service?.close();
  await database?.drop();
});

/** A worker's context: follow-up jobs go to pg-boss for real, inside the handler's transaction when given one. */
function context(name: JobName, withWebPush = true): JobContext {
  const followUp: FollowUp = async <Name extends JobName>(
    jobName: Name,
    payload: JobPayloadInput<Name>,
    options?: Parameters<FollowUp>[2],
  ) => {
    await enqueue(boss, jobName, payload, options);
  };
  const services = { ...createOfflineWorkerServices(), ...(withWebPush ? { webPush } : {}) };
  return { db: database.db, log: silentLogger, job: { id: `job-${name}`, name, retryCount: 0 }, services, followUp };
}

/** A signed-in user (a creator or a fan). */
async function newUser(name: string, isAnonymous = false): Promise<string> {
  count += 1;
  const [user] = await database.db
    .insert(users)
    .values({ name, isAnonymous, email: isAnonymous ? null : `held-push-${count}@test.dev` })
    .returning({ id: users.id });
  if (!user) throw new Error('user not stored');
  return user.id;
}

/** A twin with approval mode on, managed by `managerIds`. */
async function twinHoldingReplies(name: string, managerIds: string[]): Promise<string> {
  count += 1;
  const [talent] = await database.db
    .insert(talents)
    .values({ name, tag: `held_push_${count}` })
    .returning({ id: talents.id });
  if (!talent) throw new Error('talent not stored');
  await database.db.insert(talentConfigs).values({ id: talent.id, replyApproval: true });
  if (managerIds.length > 0) {
    await database.db.insert(talentManagers).values(managerIds.map((userId) => ({ userId, talentId: talent.id })));
  }
  return talent.id;
}

/** A fan's message to the twin; the reply job answers it (and holds the answer). */
async function fanMessage(talentId: string, fanId: string) {
  const [chat] = await database.db.insert(chats).values({ talentId, userId: fanId }).returning({ id: chats.id });
  if (!chat) throw new Error('chat not stored');
  const [message] = await database.db
    .insert(chatMessages)
    .values({ chatId: chat.id, senderType: 'USER', text: 'What did you do this weekend?' })
    .returning({ id: chatMessages.id });
  if (!message) throw new Error('message not stored');
  return { chatId: chat.id, messageId: message.id };
}

/** The reply job holds the twin's answer: the draft's id. */
async function heldDraft(talentId: string, fanId: string, withWebPush = true): Promise<string> {
  const output = await runChatReply(await fanMessage(talentId, fanId), context('chat.reply', withWebPush));
  expect(output).toMatchObject({ status: 'held', replyMessageId: expect.any(String) });
  return String(output.replyMessageId);
}

/** The chat.held-reply-push jobs pg-boss holds for this draft. */
async function pushJobsOf(draftId: string): Promise<unknown[]> {
  const rows = await database.sql<{ data: unknown }[]>`
    select data from pgboss.job where name = 'chat.held-reply-push' and data->>'draftId' = ${draftId}`;
  return rows.map((row) => row.data);
}

/** A browser of this user turning notifications on, as the API's push.subscribe does. */
async function subscribeBrowser(userId: string): Promise<FakePushSubscription> {
  const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
  await subscribePush(database.db, { id: userId, role: 'USER', managedTalentIds: [] }, subscription);
  return subscription;
}

async function subscriptionRow(endpoint: string) {
  const [row] = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

const creatorOf = (userId: string, talentId: string): Viewer => ({ id: userId, role: 'USER', managedTalentIds: [talentId] });

describe('chat.held-reply-push', () => {
  it('commits one job with the held reply, which tells each browser of the twin’s managers once that a reply waits', async () => {
    const [creator, coManager, otherCreator, fan] = [
      await newUser('Mia Moreno'),
      await newUser('Manager Max'),
      await newUser('Leo Creator'),
      await newUser('Sam'),
    ];
    const talentId = await twinHoldingReplies('Mia', [creator, coManager]);
    await twinHoldingReplies('Leo', [otherCreator]);
    const [phone, laptop, coManagerBrowser, otherCreatorBrowser, fanBrowser] = [
      await subscribeBrowser(creator),
      await subscribeBrowser(creator),
      await subscribeBrowser(coManager),
      await subscribeBrowser(otherCreator),
      await subscribeBrowser(fan),
    ];

    const draftId = await heldDraft(talentId, fan);
    const jobs = await pushJobsOf(draftId);
    expect(jobs, 'the hold commits exactly one push job').toEqual([{ draftId }]);

    const output = await runChatHeldReplyPush({ draftId }, context('chat.held-reply-push'));
    expect(output).toMatchObject({ outcome: 'pushed', subscriptions: 3, sent: 3, gone: 0, failed: 0 });

    const expected = {
      title: 'Mia',
      body: 'A reply to Sam is waiting for your approval',
      url: '/drafts',
      tag: `held-replies:${talentId}`,
    };
    for (const browser of [phone, laptop, coManagerBrowser]) {
      const messages = service.receivedBy(browser.endpoint);
      expect(
        messages.map((message) => message.json),
        browser.endpoint,
      ).toEqual([expected]);
      expect(messages[0]?.vapid).toMatchObject({ publicKey: keys.publicKey, subject: defaultWebPushSubject });
      expect((await subscriptionRow(browser.endpoint))?.lastPushedAt).toBeInstanceOf(Date);
    }
    expect(service.receivedBy(otherCreatorBrowser.endpoint), 'another twin’s creator').toEqual([]);
    expect(service.receivedBy(fanBrowser.endpoint), 'the fan').toEqual([]);
  });

  it('sends nothing for a draft the creator approved or rejected before the job ran', async () => {
    const creator = await newUser('Ava Creator');
    const talentId = await twinHoldingReplies('Ava', [creator]);
    const browser = await subscribeBrowser(creator);
    const approved = await heldDraft(talentId, await newUser('Fan One'));
    const rejected = await heldDraft(talentId, await newUser('Fan Two'));
    await database.db.transaction((tx) => approveReplyDraft(tx, creatorOf(creator, talentId), { talentId, draftId: approved }));
    await database.db.transaction((tx) => rejectReplyDraft(tx, creatorOf(creator, talentId), { talentId, draftId: rejected }));

    expect(await runChatHeldReplyPush({ draftId: approved }, context('chat.held-reply-push'))).toMatchObject({
      outcome: 'decided',
      status: 'APPROVED',
    });
    expect(await runChatHeldReplyPush({ draftId: rejected }, context('chat.held-reply-push'))).toMatchObject({
      outcome: 'decided',
      status: 'REJECTED',
    });
    expect(service.receivedBy(browser.endpoint)).toEqual([]);
    expect(await runChatHeldReplyPush({ draftId: 'no-such-draft' }, context('chat.held-reply-push'))).toMatchObject({
      outcome: 'missing',
    });
  });

  it('deletes a subscription the push service calls gone and still notifies the creator’s other browsers', async () => {
    const creator = await newUser('Zoe Creator');
    const talentId = await twinHoldingReplies('Zoe', [creator]);
    const [dropped, kept] = [await subscribeBrowser(creator), await subscribeBrowser(creator)];
    service.markGone(dropped.endpoint);
    const fan = await newUser('', true);

    const draftId = await heldDraft(talentId, fan);
    expect(await runChatHeldReplyPush({ draftId }, context('chat.held-reply-push'))).toMatchObject({
      outcome: 'pushed',
      subscriptions: 2,
      sent: 1,
      gone: 1,
    });
    expect(await subscriptionRow(dropped.endpoint)).toBeUndefined();
    expect(await subscriptionRow(kept.endpoint)).toMatchObject({ userId: creator, lastPushedAt: expect.any(Date) });
    // A fan without a name is named as the dashboard names them.
    expect(service.receivedBy(kept.endpoint).map((message) => message.json)).toEqual([
      expect.objectContaining({ body: `A reply to Anonymous fan #${fan.slice(0, 6)} is waiting for your approval` }),
    ]);
  });

  it('is not enqueued by a worker without web push, and refuses to run on one', async () => {
    const creator = await newUser('Kai Creator');
    const talentId = await twinHoldingReplies('Kai', [creator]);
    const draftId = await heldDraft(talentId, await newUser('Fan Three'), false);
    expect(await pushJobsOf(draftId)).toEqual([]);
    await expect(runChatHeldReplyPush({ draftId }, context('chat.held-reply-push', false))).rejects.toThrow(/needs web push/);
  });
});
