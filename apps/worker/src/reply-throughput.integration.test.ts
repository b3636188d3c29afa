// Replies at scale, through real workers, pg-boss and the real `openai` SDK against the local fake:
// one worker holds hundreds of replies at once and answers each message once, a chat's replies come
// in the order its messages were sent (a retry included), and a provider's 429 holds every worker
// until its retry-after with no reply lost.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatMessages, chats, providerRateLimits, seedDemoData, users } from '@doppel/db';
import { createTestDatabase, demoTwinId, type TestDatabase } from '@doppel/db/testing';
import { noteRateLimited, rateLimitWaitMs, replyFallbackText } from '@doppel/domain/chat/reply';
import { createLocalDiskStorage, createOpenAiLlm } from '@doppel/integrations';
import { type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { createBoss, enqueueMany, ensureQueues } from '@doppel/jobs';
import { asc, inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createOfflineWorkerServices } from './jobs/chat-reply-services.ts';
import type { WorkerServices } from './jobs/types.ts';
import { type RunningWorker, startWorker } from './worker.ts';

let database: TestDatabase;
let openai: FakeOpenAi;
let filesDir: string;
let client: PgBoss;
let miaId: string;
/** When each chat completion (not memory extraction) reached the fake, and the fan text it answered. */
let calls: Array<{ at: number; text: string }> = [];
/** Each reply streams this many words, one every `wordDelayMs`. */
let wordDelayMs = 0;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  miaId = await demoTwinId(database.db);
  openai = await startFakeOpenAi({
    fallback: (request: FakeChatRequest) => {
      const text = lastFanText(request);
      calls.push({ at: Date.now(), text });
      return { text: `Answer to ${text} with a few more words to stream`, tokenDelayMs: wordDelayMs };
    },
  });
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-throughput-'));
  client = createBoss(database.url, { role: 'client' });
  await client.start();
  // Jobs are sent before a worker starts (a backlog waiting for it).
  await ensureQueues(client);
});
afterAll(async () => {
  await client?.stop({ graceful: false });
  await openai?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  await database?.drop();
});
beforeEach(async () => {
  openai.reset();
  calls = [];
  wordDelayMs = 0;
  await database.db.delete(providerRateLimits);
});

function lastFanText(request: FakeChatRequest): string {
  const last = [...request.messages].reverse().find((message) => message.role === 'user');
  return last?.content ?? '';
}

function services(): WorkerServices {
  return {
    ...createOfflineWorkerServices(),
    llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }),
    storage: createLocalDiskStorage(filesDir),
  };
}

/** `chatCount` fans, each with a chat with Mia holding `perChat` fan messages sent in order. */
async function chatsWithMessages(chatCount: number, perChat: number, label: string) {
  const { db } = database;
  const fans = await db
    .insert(users)
    .values(Array.from({ length: chatCount }, () => ({ isAnonymous: true, credits: 10 })))
    .returning({ id: users.id });
  const created = await db
    .insert(chats)
    .values(fans.map((fan) => ({ talentId: miaId, userId: fan.id, chatMessageCount: perChat })))
    .returning({ id: chats.id });
  const messages: Array<{ chatId: string; messageId: string; text: string; order: number }> = [];
  const start = Date.now() - 60_000;
  for (let order = 0; order < perChat; order++) {
    const rows = await db
      .insert(chatMessages)
      .values(
        created.map((chat, index) => ({
          chatId: chat.id,
          senderType: 'USER' as const,
          text: `${label} chat ${index} message ${order}`,
          createdAt: new Date(start + order * 1000),
        })),
      )
      .returning({ id: chatMessages.id, chatId: chatMessages.chatId, text: chatMessages.text });
    messages.push(...rows.map((row) => ({ chatId: row.chatId, messageId: row.id, text: row.text ?? '', order })));
  }
  return messages;
}

/** Sends the reply jobs as the API does (keyed by chat, catalog `key`), in the order given. */
async function sendReplyJobs(messages: ReadonlyArray<{ chatId: string; messageId: string }>) {
  for (const message of messages) {
    await database.db.transaction((tx) =>
      enqueueMany(client, 'chat.reply', [{ payload: { chatId: message.chatId, messageId: message.messageId } }], { tx }),
    );
  }
}

async function repliesTo(messageIds: string[]) {
  return database.db
    .select({ replyTo: chatMessages.replyToMessageId, text: chatMessages.text, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(inArray(chatMessages.replyToMessageId, messageIds))
    .orderBy(asc(chatMessages.createdAt));
}

async function activeReplies(): Promise<number> {
  const [row] = await database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'chat.reply' and state = 'active'`;
  return row?.n ?? 0;
}

async function stopAll(workers: RunningWorker[]) {
  await Promise.all(workers.map((worker) => worker.stop()));
}

describe('replies at scale', () => {
  it('holds 200 replies at once on one worker, answers each message once, and keeps each chat in order', async () => {
    // 200 chats of two messages each: every chat's first message can run at once, its second only after.
    const messages = await chatsWithMessages(200, 2, 'burst');
    await sendReplyJobs(messages);
    // Each reply streams for about 2 s, so all 200 first replies are written at the same time.
    wordDelayMs = 200;
    const worker = await startWorker({ databaseUrl: database.url, services: services() });
    let peak = 0;
    const sampling = setInterval(() => {
      void activeReplies().then((active) => {
        peak = Math.max(peak, active);
      });
    }, 50);
    try {
      const ids = messages.map((message) => message.messageId);
      await expect.poll(async () => (await repliesTo(ids)).length, { timeout: 140_000, interval: 250 }).toBe(400);
      expect(peak).toBe(200);

      const replies = await repliesTo(ids);
      // Each message answered once, by the model (no fallback).
      expect(new Set(replies.map((reply) => reply.replyTo)).size).toBe(400);
      expect(replies.filter((reply) => reply.text === replyFallbackText)).toEqual([]);
      // Per chat: the first message's reply was stored before the second message was even asked.
      const answeredAt = new Map(replies.map((reply) => [reply.replyTo, reply.createdAt.getTime()]));
      const askedAt = new Map(calls.map((call) => [call.text, call.at]));
      for (const message of messages.filter((candidate) => candidate.order === 1)) {
        const first = messages.find((candidate) => candidate.chatId === message.chatId && candidate.order === 0);
        if (!first) throw new Error('first message missing');
        expect(answeredAt.get(first.messageId)).toBeLessThan(answeredAt.get(message.messageId) ?? 0);
        expect(answeredAt.get(first.messageId)).toBeLessThanOrEqual(askedAt.get(message.text) ?? 0);
      }
    } finally {
      clearInterval(sampling);
      await stopAll([worker]);
    }
    // 400 replies of CPU on a machine shared with the rest of the suite: 17 s alone, over 30 s in CI.
  }, 150_000);

  it("answers a chat's messages in order even when the first reply fails and is retried", async () => {
    const messages = await chatsWithMessages(1, 3, 'retried');
    // The first model call fails (a 500): the first message's job goes back for a retry a second later.
    openai.script({ error: { status: 500, message: 'overloaded' } });
    await sendReplyJobs(messages);
    const worker = await startWorker({ databaseUrl: database.url, services: services() });
    try {
      const ids = messages.map((message) => message.messageId);
      await expect.poll(async () => (await repliesTo(ids)).length, { timeout: 30_000, interval: 100 }).toBe(3);
      // Asked in order, the failed first message again before the second; answered in order. Only
      // this chat's calls: a scheduled job of the worker (the quality sweep) may call the model too.
      const ours = new Set(messages.map((message) => message.text));
      expect(calls.map((call) => call.text).filter((text) => ours.has(text))).toEqual(messages.map((message) => message.text));
      expect(
        openai
          .chatRequests()
          .map(lastFanText)
          .filter((text) => ours.has(text)),
      ).toEqual([messages[0]?.text, ...messages.map((message) => message.text)]);
      expect((await repliesTo(ids)).map((reply) => reply.replyTo)).toEqual(ids);
    } finally {
      await stopAll([worker]);
    }
  });

  it("holds both workers' calls for the provider's retry-after after a 429, and loses no reply", async () => {
    const messages = await chatsWithMessages(40, 1, 'limited');
    // The first call is refused with "come back in 2 s"; every later one goes through.
    openai.script({ error: { status: 429, message: 'Rate limit reached', type: 'requests', retryAfterSeconds: 2 } });
    // Four replies at a time per worker, so most are still queued when the limit is met.
    const workers = await Promise.all(
      [0, 1].map(() => startWorker({ databaseUrl: database.url, services: services(), concurrency: { 'chat.reply': 4 } })),
    );
    try {
      await sendReplyJobs(messages);
      const ids = messages.map((message) => message.messageId);
      await expect.poll(async () => (await repliesTo(ids)).length, { timeout: 60_000, interval: 100 }).toBe(40);

      const [limit] = await database.db.select().from(providerRateLimits);
      expect(limit).toMatchObject({ provider: 'openai', consecutiveLimits: 1 });
      const limitedAt = (limit?.blockedUntil.getTime() ?? 0) - 2000;
      const ours = new Set(messages.map((message) => message.text));
      // Within the hold only replies claimed before the 429 (4 per worker) may still call; without
      // it the two workers would have written most of the 40 in those 2 s.
      const duringHold = calls.filter((call) => ours.has(call.text) && call.at > limitedAt && call.at < limitedAt + 1900);
      expect(duringHold.length).toBeLessThanOrEqual(8);
      // Every message answered once, by the model: the refused one too, after the hold.
      const replies = await repliesTo(ids);
      expect(new Set(replies.map((reply) => reply.replyTo)).size).toBe(40);
      expect(replies.filter((reply) => reply.text === replyFallbackText)).toEqual([]);
      expect(openai.chatRequests().filter((request) => ours.has(lastFanText(request))).length).toBe(41);
    } finally {
      await stopAll(workers);
    }
  });

  it('never shortens a hold another worker wrote, and backs off 1 s, 2 s, 4 s without a retry-after', async () => {
    const { db } = database;
    const holdOf = async () => (await rateLimitWaitMs(db)) / 1000;
    await noteRateLimited(db, { provider: 'openai', retryAfterMs: 30_000 });
    await noteRateLimited(db, { provider: 'openai', retryAfterMs: 1000 });
    expect(await holdOf()).toBeGreaterThan(28);
    await db.delete(providerRateLimits);

    for (const expected of [1, 2, 4]) {
      await db.update(providerRateLimits).set({ blockedUntil: new Date() });
      await noteRateLimited(db, { provider: 'openai', retryAfterMs: null });
      expect(Math.round(await holdOf())).toBe(expected);
    }
    const [row] = await db.select().from(providerRateLimits);
    expect(row?.consecutiveLimits).toBe(3);
    // A 429 long after the last hold ended starts over.
    await db.update(providerRateLimits).set({ blockedUntil: new Date(Date.now() - 120_000) });
    await noteRateLimited(db, { provider: 'openai', retryAfterMs: null });
    expect(Math.round(await holdOf())).toBe(1);
  });
});
