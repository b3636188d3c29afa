// The chat.reach-out job against a real database (docs/reach-out.md): each trigger due and not
// due, the caps, a fan who turned reach-outs off, quiet hours, a minor with a twin above Safe,
// exactly once when the job runs again (a retry, or a second worker), and reach-outs held for the
// creator's approval. One database for all.
import {
  chatMessages,
  chats,
  fanMemories,
  fanReminders,
  newId,
  payments,
  reachOuts,
  reachOutTriggers,
  replyDrafts,
  seedDemoData,
  talentConfigs,
  talents,
  users,
} from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { ensureWebPushKeys, subscribePush } from '@doppel/domain/push';
import { cancelChatReminder, evaluateReachOuts, pushSentReachOut, type ReachOutPushJob } from '@doppel/domain/reach-out';
import { approveReplyDraft, listReplyDrafts, queueSentDraftJobs, rejectReplyDraft } from '@doppel/domain/talent';
import { createOpenAiLlm, createWebPush, defaultWebPushSubject } from '@doppel/integrations';
import { startFakeOpenAi, startFakePushService } from '@doppel/integrations/testing';
import { silentLogger } from '@doppel/logging';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runChatReachOut } from './chat-reach-out.ts';
import { runChatReply } from './chat-reply.ts';
import { createOfflineWorkerServices } from './chat-reply-services.ts';

let database: TestDatabase;
let twinId: string;
const day = 86_400_000;
// 15:00 UTC: outside quiet hours for a fan without a known zone.
const now = new Date('2030-06-10T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  const [mia] = await database.db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
  if (!mia) throw new Error('demo twin mia missing');
  twinId = mia.id;
  await database.db.insert(talentConfigs).values({ id: twinId }).onConflictDoNothing();
  await database.db.insert(reachOutTriggers).values([
    { talentId: twinId, kind: 'CHECK_IN', enabled: true, params: { minMessages: 2, quietDays: 7 } },
    { talentId: twinId, kind: 'THANK_YOU', enabled: true },
  ]);
});
afterAll(async () => {
  await database?.drop();
});

/** A fan of Mia who wrote `messages` messages, the last `quietDays` ago. */
async function fan(name: string, messages: number, quietDays: number, extra: Partial<typeof users.$inferInsert> = {}) {
  const db = database.db;
  const userId = newId();
  await db.insert(users).values({ id: userId, name, email: `${name.toLowerCase()}-${userId}@example.com`, ...extra });
  const chatId = newId();
  const last = new Date(now.getTime() - quietDays * day);
  await db.insert(chats).values({ id: chatId, talentId: twinId, userId, lastUserMessageAt: last });
  for (let index = 0; index < messages; index++) {
    await db.insert(chatMessages).values({ id: newId(), chatId, senderType: 'USER', text: `hi ${index}`, createdAt: last });
  }
  return { userId, chatId };
}

async function reachOutMessages(chatId: string) {
  return database.db
    .select({ text: chatMessages.text, reachOutId: chatMessages.reachOutId })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), sql`${chatMessages.reachOutId} is not null`));
}

describe('chat.reach-out', () => {
  it('checks in with a quiet fan once, and leaves alone who is not due, opted out, a minor with an adult twin, or in quiet hours', async () => {
    const due = await fan('Sam', 3, 8);
    const recent = await fan('Ava', 3, 2);
    const fewMessages = await fan('Ben', 1, 8);
    const optedOut = await fan('Kim', 3, 8);
    await database.db.update(chats).set({ reachOutsOffAt: now }).where(eq(chats.id, optedOut.chatId));
    const tokyo = await fan('Yui', 3, 8, { timeZone: 'Asia/Tokyo' }); // 00:00 there
    const minor = await fan('Tom', 3, 8, { declaredMinorAt: now });

    await database.db.update(talentConfigs).set({ contentLevel: 'SUGGESTIVE' }).where(eq(talentConfigs.id, twinId));
    const first = await evaluateReachOuts(database.db, { now });
    await database.db.update(talentConfigs).set({ contentLevel: 'SAFE' }).where(eq(talentConfigs.id, twinId));
    expect(first.blocked).toMatchObject({ OPTED_OUT: 1, QUIET_HOURS: 1, MINOR: 1 });

    const [message] = await reachOutMessages(due.chatId);
    expect(message?.text).toContain('Hey Sam!');
    for (const other of [recent, fewMessages, optedOut, tokyo, minor]) expect(await reachOutMessages(other.chatId)).toEqual([]);
    const [row] = await database.db.select().from(reachOuts).where(eq(reachOuts.chatId, due.chatId));
    expect(row).toMatchObject({ kind: 'CHECK_IN', status: 'SENT' });

    // Run again (a retried job, a second worker): nothing more is sent.
    await Promise.all([evaluateReachOuts(database.db, { now }), evaluateReachOuts(database.db, { now })]);
    expect(await reachOutMessages(due.chatId)).toHaveLength(1);

    // Once Tokyo wakes up (09:00 there), Yui gets hers; the minor still does not (Mia was above Safe only then: now Safe).
    const morning = new Date(now.getTime() + 9 * 3_600_000);
    await evaluateReachOuts(database.db, { now: morning });
    expect(await reachOutMessages(tokyo.chatId)).toHaveLength(1);
  });

  it('thanks a fan for a first purchase once, with a Web Push to their browser, through the job handler too', async () => {
    const buyer = await fan('Lea', 0, 30);
    const service = await startFakePushService();
    const port = createWebPush({ agent: service.agent(), timeoutMs: 5_000 });
    const keys = await ensureWebPushKeys(database.db, port);
    const browser = service.subscribe({ applicationServerKey: keys.publicKey });
    await subscribePush(database.db, { id: buyer.userId, role: 'USER', managedTalentIds: [] }, browser);
    await database.db.insert(payments).values({
      id: newId(),
      movementKey: `sandbox:${newId()}`,
      priceAmount: 500,
      originalPriceAmount: 500,
      productPriceType: 'ONE_TIME',
      userId: buyer.userId,
      talentId: twinId,
      isSandbox: true,
      createdAt: new Date(now.getTime() - 3_600_000),
    });
    const push = { port, options: { vapid: { ...keys, subject: defaultWebPushSubject } } };
    await evaluateReachOuts(database.db, { now, push });
    const sent = await reachOutMessages(buyer.chatId);
    const [notification] = service.receivedBy(browser.endpoint);
    expect(notification?.json).toMatchObject({ title: 'Mia Moreno', url: '/chat/mia' });
    expect(String((notification?.json as { body?: string } | undefined)?.body)).toContain('Thank you');
    await service.close();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Thank you');
    // The job on the real clock (years before this payment): the occasion is not due; nothing more reaches Lea.
    const output = await runChatReachOut(
      { trigger: 'manual' },
      {
        db: database.db,
        log: silentLogger,
        job: { id: 'j', name: 'chat.reach-out', retryCount: 0 },
        services: createOfflineWorkerServices(),
      },
    );
    expect(output.sent).toEqual(expect.any(Number));
    expect(await reachOutMessages(buyer.chatId)).toHaveLength(1);
  });

  it('lets the twin’s model write the check-in from the fan’s memory, the chat and the creator’s instruction, and falls back to the template', async () => {
    // The fake model answers each fan by what the twin remembers of them (other fans of this file may be due too).
    const openai = await startFakeOpenAi({
      fallback: (request) => {
        const prompt = request.messages.map((message) => message.content).join('\n');
        if (prompt.includes('Trains for the Lisbon marathon')) return { text: 'Noa! How is the marathon training going?' };
        if (prompt.includes('Loves card games')) return { text: 'Come play at the casino with me!' };
        if (prompt.includes('Has a flaky connection')) return { error: { status: 500, message: 'boom' } };
        return { text: 'Hello again!' };
      },
    });
    try {
      const writer = { llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }) };
      await database.db
        .update(reachOutTriggers)
        .set({ instruction: 'Ask about their marathon training.' })
        .where(and(eq(reachOutTriggers.talentId, twinId), eq(reachOutTriggers.kind, 'CHECK_IN')));
      await database.db
        .update(talentConfigs)
        .set({ blockedTopics: ['casino'] })
        .where(eq(talentConfigs.id, twinId));
      const remembering = async (name: string, memory: string) => {
        const quiet = await fan(name, 3, 20);
        await database.db.insert(fanMemories).values({ userId: quiet.userId, talentId: twinId, kind: 'FACT', text: memory });
        return quiet;
      };
      const runner = await remembering('Noa', 'Trains for the Lisbon marathon');
      const gambler = await remembering('Pia', 'Loves card games');
      const unlucky = await remembering('Ola', 'Has a flaky connection');

      await evaluateReachOuts(database.db, { now: new Date(now.getTime() + 30 * day), writer });
      await database.db.update(talentConfigs).set({ blockedTopics: [] }).where(eq(talentConfigs.id, twinId));

      expect(await reachOutMessages(runner.chatId)).toMatchObject([{ text: 'Noa! How is the marathon training going?' }]);
      const request = openai.chatRequests().find((body) => JSON.stringify(body).includes('Trains for the Lisbon marathon'));
      const prompt = request?.messages.map((message) => message.content).join('\n') ?? '';
      expect(prompt, 'the chat’s recent messages').toContain('hi 2');
      expect(request?.messages.at(-1)?.role).toBe('system');
      expect(request?.messages.at(-1)?.content).toContain('Ask about their marathon training.');
      expect(request?.tools ?? [], 'no image or voice note unasked').toEqual([]);
      // Words that cross the twin's boundaries, or a model that fails: the template goes out instead.
      expect(await reachOutMessages(gambler.chatId)).toMatchObject([{ text: expect.stringContaining('Hey Pia!') }]);
      expect(await reachOutMessages(unlucky.chatId)).toMatchObject([{ text: expect.stringContaining('Hey Ola!') }]);
    } finally {
      await openai.close();
    }
  });

  it('writes once to the audience of a date the creator chose, from its time until two days after', async () => {
    const db = database.db;
    const at = new Date(now.getTime() + 90 * day);
    const custom = async (chatId: string) =>
      (await reachOutMessages(chatId)).filter((message) => message.text.includes('My new video is out!'));
    // Quiet days count back from this file's clock: Zoe wrote 3 days before the date, Max 40.
    const recent = await fan('Zoe', 1, -87);
    const old = await fan('Max', 1, -50);
    await db.insert(reachOutTriggers).values({
      talentId: twinId,
      kind: 'CUSTOM_DATE',
      enabled: true,
      instruction: 'My new video is out!',
      params: { sendAt: at.toISOString(), audience: 'RECENT' },
    });
    try {
      await evaluateReachOuts(db, { now: new Date(at.getTime() - 3_600_000) });
      expect(await custom(recent.chatId), 'not before its time').toEqual([]);
      await evaluateReachOuts(db, { now: new Date(at.getTime() + 3_600_000) });
      await evaluateReachOuts(db, { now: new Date(at.getTime() + 2 * 3_600_000) });
      expect((await custom(recent.chatId)).map((message) => message.text)).toEqual(['Hey Zoe! My new video is out!']);
      expect(await custom(old.chatId), 'outside the audience').toEqual([]);
      // Two days on, the date is over: a fan who wrote since is not written to.
      const late = await fan('Ida', 1, -89);
      await evaluateReachOuts(db, { now: new Date(at.getTime() + 3 * day) });
      expect(await custom(late.chatId)).toEqual([]);
    } finally {
      await db
        .delete(reachOutTriggers)
        .where(and(eq(reachOutTriggers.talentId, twinId), eq(reachOutTriggers.kind, 'CUSTOM_DATE')));
    }
  });

  it('confirms a fan’s "remind me tomorrow" in the reply when the twin takes reminders, and reminds them then', async () => {
    const db = database.db;
    const context = {
      db,
      log: silentLogger,
      job: { id: 'j', name: 'chat.reply' as const, retryCount: 0 },
      services: createOfflineWorkerServices(),
    };
    const ask = async (userName: string, text: string) => {
      const asker = await fan(userName, 0, 0);
      const messageId = newId();
      await db.insert(chatMessages).values({ id: messageId, chatId: asker.chatId, senderType: 'USER', text });
      await runChatReply({ chatId: asker.chatId, messageId }, context);
      const [reply] = await db
        .select({ text: chatMessages.text })
        .from(chatMessages)
        .where(eq(chatMessages.replyToMessageId, messageId));
      return { ...asker, reply: reply?.text ?? '' };
    };
    // Off: the twin promises nothing.
    const unheard = await ask('Eli', 'remind me tomorrow to call my mom');
    expect(unheard.reply).not.toContain('remind you');
    expect(await db.select().from(fanReminders).where(eq(fanReminders.chatId, unheard.chatId))).toEqual([]);

    await db.insert(reachOutTriggers).values({ talentId: twinId, kind: 'REMIND_ME', enabled: true });
    try {
      const asker = await ask('Uma', 'Remind me tomorrow to call my mom!');
      // Another fan asks too, then cancels it from the memory sheet: it is never sent.
      const changedMind = await ask('Vic', 'remind me tomorrow to buy milk');
      const [milk] = await db.select().from(fanReminders).where(eq(fanReminders.chatId, changedMind.chatId));
      const vic = { id: changedMind.userId, role: 'USER' as const, managedTalentIds: [] };
      await db.transaction((tx) => cancelChatReminder(tx, vic, { chatId: changedMind.chatId, reminderId: milk?.id as string }));
      expect(asker.reply).toMatch(/Got it, I'll remind you tomorrow ⏰$/);
      const [reminder] = await db.select().from(fanReminders).where(eq(fanReminders.chatId, asker.chatId));
      expect(reminder).toMatchObject({ about: 'to call my mom' });
      const dueAt = reminder?.dueAt as Date;
      // 10:00 tomorrow on the fan's clock (UTC: the app never saw their zone).
      expect(dueAt.getUTCHours()).toBe(10);
      expect(dueAt.getTime() - Date.now()).toBeLessThan(2 * day);

      await evaluateReachOuts(db, { now: new Date(dueAt.getTime() - 3_600_000) });
      expect(await reachOutMessages(asker.chatId), 'not before its time').toEqual([]);
      await evaluateReachOuts(db, { now: new Date(dueAt.getTime() + 3_600_000) });
      await evaluateReachOuts(db, { now: new Date(dueAt.getTime() + 2 * 3_600_000) });
      expect((await reachOutMessages(asker.chatId)).map((message) => message.text)).toEqual([
        'Hey Uma! You asked me to remind you to call my mom: this is your reminder ⏰',
      ]);
      expect(await reachOutMessages(changedMind.chatId), 'a cancelled reminder is not sent').toEqual([]);
    } finally {
      await db.delete(reachOutTriggers).where(and(eq(reachOutTriggers.talentId, twinId), eq(reachOutTriggers.kind, 'REMIND_ME')));
    }
  });
  it('holds reach-outs in Replies to approve while the creator approves replies: sent once approved, never once rejected or moot', async () => {
    const db = database.db;
    const [creator] = await db
      .insert(users)
      .values({ id: newId(), name: 'Mia', email: `mia-${newId()}@example.com` })
      .returning({ id: users.id });
    const viewer = { id: creator?.id as string, role: 'USER' as const, managedTalentIds: [twinId] };
    const [approved, rejected, wroteSince, neverHeld] = [
      await fan('Ola', 3, 8),
      await fan('Pia', 3, 8),
      await fan('Rex', 3, 8),
      await fan('Uma', 3, 8),
    ];
    // This fan's chat says never hold: their check-in goes out at once.
    await db.update(chats).set({ replyApproval: 'NEVER' }).where(eq(chats.id, neverHeld.chatId));
    await db.update(talentConfigs).set({ replyApproval: true }).where(eq(talentConfigs.id, twinId));
    try {
      const first = await evaluateReachOuts(db, { now });
      expect(first).toMatchObject({ held: 3, sent: 1 });
      expect(await reachOutMessages(neverHeld.chatId)).toHaveLength(1);
      for (const held of [approved, rejected, wroteSince]) expect(await reachOutMessages(held.chatId)).toEqual([]);
      const drafts = (await listReplyDrafts(db, viewer, { talentId: twinId, limit: 50 })).items;
      const draftOf = (chatId: string) => {
        const draft = drafts.find((item) => item.chatId === chatId);
        if (!draft) throw new Error(`no held reach-out in chat ${chatId}`);
        return draft;
      };
      expect(draftOf(approved.chatId)).toMatchObject({ fanMessage: null, reachOut: { kind: 'CHECK_IN' } });
      expect(draftOf(approved.chatId).text).toContain('Hey Ola!');
      // Held counts as written: a second run holds nothing more.
      expect(await evaluateReachOuts(db, { now })).toMatchObject({ held: 0, sent: 0 });

      // Approved with the creator's words: the occasion's one message, marked sent; no correction (no fan message).
      // Ola turned notifications on: the approval's transaction queues the push, as the API's router does.
      const service = await startFakePushService();
      const port = createWebPush({ agent: service.agent(), timeoutMs: 5_000 });
      const keys = await ensureWebPushKeys(db, port);
      const browser = service.subscribe({ applicationServerKey: keys.publicKey });
      await subscribePush(db, { id: approved.userId, role: 'USER', managedTalentIds: [] }, browser);
      const pushJobs: ReachOutPushJob[] = [];
      const followUps = {
        telegramForward: async () => {},
        reachOutPush: async (_tx: unknown, job: ReachOutPushJob) => void pushJobs.push(job),
      };
      const edit = 'Hey Ola, long time! How did the exams go?';
      const sent = await db.transaction(async (tx) => {
        const decided = await approveReplyDraft(tx, viewer, {
          talentId: twinId,
          draftId: draftOf(approved.chatId).id,
          text: edit,
        });
        await queueSentDraftJobs(tx, decided.messageId, followUps);
        return decided;
      });
      expect(sent).toMatchObject({ status: 'EDITED', messageId: draftOf(approved.chatId).id, corrected: false });
      expect(await reachOutMessages(approved.chatId)).toEqual([expect.objectContaining({ text: edit })]);
      const [approvedRow] = await db.select().from(reachOuts).where(eq(reachOuts.chatId, approved.chatId));
      expect(approvedRow).toMatchObject({ status: 'SENT', messageId: sent.messageId });
      expect(pushJobs).toEqual([{ messageId: sent.messageId }]);
      const push = { port, options: { vapid: { ...keys, subject: defaultWebPushSubject } } };
      expect(await pushSentReachOut(db, push, { messageId: sent.messageId as string })).toBe(1);
      const [notification] = service.receivedBy(browser.endpoint);
      await service.close();
      expect(notification?.json).toMatchObject({ title: 'Mia Moreno', body: edit, url: '/chat/mia' });

      // Rejected: never sent, now or by a later run.
      const refused = await db.transaction((tx) =>
        rejectReplyDraft(tx, viewer, { talentId: twinId, draftId: draftOf(rejected.chatId).id }),
      );
      expect(refused).toMatchObject({ status: 'REJECTED', messageId: null });
      await evaluateReachOuts(db, { now });
      expect(await reachOutMessages(rejected.chatId)).toEqual([]);
      const [rejectedRow] = await db.select().from(reachOuts).where(eq(reachOuts.chatId, rejected.chatId));
      expect(rejectedRow).toMatchObject({ status: 'SKIPPED', skipReason: 'REJECTED' });

      // The fan wrote again after the check-in was held: approving it sends nothing.
      await db.insert(chatMessages).values({
        id: newId(),
        chatId: wroteSince.chatId,
        senderType: 'USER',
        text: 'back!',
        createdAt: new Date(now.getTime() + 60_000),
      });
      const moot = await db.transaction(async (tx) => {
        const decided = await approveReplyDraft(tx, viewer, { talentId: twinId, draftId: draftOf(wroteSince.chatId).id });
        await queueSentDraftJobs(tx, decided.messageId, followUps);
        return decided;
      });
      expect(moot).toMatchObject({ status: 'SUPERSEDED', messageId: null });
      expect(pushJobs, 'nothing sent, nothing to push').toHaveLength(1);
      expect(await reachOutMessages(wroteSince.chatId)).toEqual([]);
      const [draftRow] = await db
        .select()
        .from(replyDrafts)
        .where(eq(replyDrafts.id, draftOf(wroteSince.chatId).id));
      expect(draftRow?.status).toBe('SUPERSEDED');
    } finally {
      await db.update(talentConfigs).set({ replyApproval: false }).where(eq(talentConfigs.id, twinId));
    }
  });
});
