// Doppel as a deployment runs it on several machines: two API processes and two worker processes,
// real child processes sharing one Postgres, the twin's model a local fake OpenAI server. What one
// process writes reaches live subscribers of the other, every fan message gets exactly one reply
// whichever API took it and whichever worker answered, and the rate limits hold across processes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatMessages, chats, devOutboxEmails, seedDemoData, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { TRPCClientError } from '@trpc/client';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '../../../scripts/worker-process.ts';
import type { LiveEvent } from '../src/index.ts';
import { type ApiProcess, createBrowser, startApiProcess } from './harness.ts';

let database: TestDatabase;
let openAi: FakeOpenAi;
let filesDir: string;
let apis: ApiProcess[] = [];
let workers: WorkerProcess[] = [];
const freeCredits = 100;

const everyOutput = () => [...apis, ...workers].map((process) => process.output()).join('\n');

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  openAi = await startFakeOpenAi();
  filesDir = mkdtempSync(join(tmpdir(), 'doppel-multi-'));
  const shared = { FILES_DIR: filesDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openAi.url };
  // Behind a load balancer: the APIs believe X-Forwarded-For, so each test fan has its own address.
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...inherited } = process.env;
  const apiEnv = {
    ...inherited,
    ...shared,
    DATABASE_URL: database.url,
    TRUST_PROXY: 'true',
    FAN_FREE_CREDITS: String(freeCredits),
  };
  [apis, workers] = await Promise.all([
    Promise.all([startApiProcess(apiEnv), startApiProcess(apiEnv)]),
    Promise.all([startWorkerProcess(database.url, shared), startWorkerProcess(database.url, shared)]),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([...apis.map((api) => api.stop()), ...workers.map((worker) => worker.kill('SIGTERM'))]);
  await openAi?.close();
  await database?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

function api(index: number): string {
  const started = apis[index % apis.length];
  if (!started) throw new Error('the APIs did not start');
  return started.url;
}

/** The code of a refused call (TOO_MANY_REQUESTS, …), or 'OK' when it went through. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    if (error instanceof TRPCClientError) return String((error.data as { code?: string } | undefined)?.code);
    throw error;
  }
}

const count = (outcomes: string[], code: string) => outcomes.filter((entry) => entry === code).length;

describe('two API processes and two workers on one database', () => {
  it('delivers a write made through one API, and the reply a worker wrote, to a live subscriber of the other API', async () => {
    const fan = createBrowser({ forwardedFor: '10.1.0.1' });
    const first = fan.client(api(0));
    const second = fan.client(api(1));
    const { chat } = await first.chat.open.mutate({ talentTag: 'mia' });

    const received: LiveEvent[] = [];
    let started!: () => void;
    const ready = new Promise<void>((resolve) => {
      started = resolve;
    });
    const subscription = second.live.events.subscribe(
      { scopes: [`chat:${chat.id}`] },
      { onStarted: () => started(), onData: (event) => received.push(event.data as LiveEvent), onError: () => {} },
    );
    try {
      await ready;
      const { message } = await first.chat.send.mutate({
        chatId: chat.id,
        text: 'Hello from the first API',
        idempotencyKey: randomUUID(),
      });
      const seen = (rowId: string) => received.some((event) => event.entity === 'chat_messages' && event.rowId === rowId);
      await vi.waitFor(async () => expect(seen(message.id), everyOutput()).toBe(true), { timeout: 30_000, interval: 200 });

      // The reply comes from a worker process, a third process: its write reaches the same stream.
      let replyId: string | undefined;
      await vi.waitFor(
        async () => {
          const [reply] = await database.db
            .select({ id: chatMessages.id })
            .from(chatMessages)
            .where(eq(chatMessages.replyToMessageId, message.id));
          replyId = reply?.id;
          expect(replyId, everyOutput()).toBeDefined();
        },
        { timeout: 30_000, interval: 200 },
      );
      await vi.waitFor(async () => expect(seen(replyId ?? ''), everyOutput()).toBe(true), { timeout: 30_000, interval: 200 });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('answers a burst of messages sent alternately through both APIs exactly once each, in order per chat, and charges each once', async () => {
    const fans = 5;
    const perFan = 6;
    const [mia] = await database.db.select({ price: talents.creditsToSendMessage }).from(talents).where(eq(talents.tag, 'mia'));
    const price = mia?.price ?? 0;
    expect(price).toBeGreaterThan(0);

    // Fans write at once, each its messages one after another (a person waits for "sent"), and
    // the load balancer spreads every fan's calls over both APIs.
    const sent = await Promise.all(
      Array.from({ length: fans }, async (_, fanIndex) => {
        const fan = createBrowser({ forwardedFor: `10.2.0.${fanIndex + 1}` });
        const { chat } = await fan.client(api(fanIndex)).chat.open.mutate({ talentTag: 'mia' });
        const messageIds: string[] = [];
        for (let index = 0; index < perFan; index++) {
          const { message } = await fan
            .client(api(fanIndex + index))
            .chat.send.mutate({ chatId: chat.id, text: `Fan ${fanIndex} message ${index}`, idempotencyKey: randomUUID() });
          messageIds.push(message.id);
        }
        return { chatId: chat.id, messageIds };
      }),
    );
    const messageIds = sent.flatMap((fan) => fan.messageIds);
    const chatIds = sent.map((fan) => fan.chatId);

    const replies = () =>
      database.db
        .select({ to: chatMessages.replyToMessageId, n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(and(inArray(chatMessages.replyToMessageId, messageIds), eq(chatMessages.senderType, 'TALENT')))
        .groupBy(chatMessages.replyToMessageId);
    await vi.waitFor(async () => expect((await replies()).length === messageIds.length, everyOutput()).toBe(true), {
      timeout: 60_000,
      interval: 200,
    });
    expect((await replies()).every((row) => row.n === 1)).toBe(true);

    // Per chat: the fan's messages and as many twin replies, no more (welcome messages answer none).
    const perChat = await database.db
      .select({
        chatId: chatMessages.chatId,
        fan: sql<number>`count(*) filter (where ${chatMessages.senderType} = 'USER')::int`,
        replies: sql<number>`count(*) filter (where ${chatMessages.senderType} = 'TALENT' and ${chatMessages.replyToMessageId} is not null)::int`,
      })
      .from(chatMessages)
      .where(inArray(chatMessages.chatId, chatIds))
      .groupBy(chatMessages.chatId);
    expect(perChat).toHaveLength(fans);
    for (const row of perChat) expect(row, row.chatId).toMatchObject({ fan: perFan, replies: perFan });
    // …and in each chat in the order its messages were sent, whichever worker wrote each (the
    // queue runs a chat's replies one at a time, in order).
    for (const fan of sent) {
      const answered = await database.db
        .select({ to: chatMessages.replyToMessageId })
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, fan.chatId), inArray(chatMessages.replyToMessageId, fan.messageIds)))
        .orderBy(chatMessages.createdAt);
      expect(answered.map((row) => row.to)).toEqual(fan.messageIds);
    }

    // Each message charged once, whichever API took it.
    const balances = await database.db
      .select({ credits: users.credits })
      .from(users)
      .innerJoin(chats, eq(chats.userId, users.id))
      .where(inArray(chats.id, chatIds));
    expect(balances.map((row) => row.credits)).toEqual(Array(fans).fill(freeCredits - perFan * price));

    // Every reply job finished in one go: none failed, none is still waiting.
    const idList = sql.join(
      messageIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const jobs = await database.db.execute<{ state: string; n: number }>(
      sql`select state, count(*)::int as n from pgboss.job
          where name = 'chat.reply' and data->>'messageId' in (${idList}) group by state`,
    );
    expect([...jobs]).toEqual([{ state: 'completed', n: messageIds.length }]);
  });

  it('sends at most five sign-in emails to one inbox when ten requests reach both APIs at once', async () => {
    const email = 'flooded@example.com';
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        outcome(
          createBrowser({ forwardedFor: `10.4.0.${index + 1}` })
            .client(api(index))
            .auth.requestSignInLink.mutate({ email }),
        ),
      ),
    );
    expect(count(outcomes, 'OK')).toBe(5);
    expect(count(outcomes, 'TOO_MANY_REQUESTS')).toBe(5);
    expect(await database.db.$count(devOutboxEmails, eq(devOutboxEmails.to, email))).toBe(5);
  });

  it('creates at most twenty anonymous fans per address across both APIs', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        outcome(createBrowser({ forwardedFor: '10.5.0.1' }).client(api(index)).chat.open.mutate({ talentTag: 'mia' })),
      ),
    );
    expect(count(outcomes, 'OK')).toBe(20);
    expect(count(outcomes, 'TOO_MANY_REQUESTS')).toBe(4);
  });
});
