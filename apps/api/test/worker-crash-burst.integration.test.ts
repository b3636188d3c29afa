// The worker is killed with SIGKILL in the middle of a burst of fan messages, as a crash or an
// out-of-memory kill would: the API (its own process) keeps taking every send, the supervisor of
// `npm start` (scripts/supervised-child.ts) brings the worker back, and every message is answered
// exactly once, all within 15 s of the new worker's first reply, however many replies the dead
// worker held.
import { randomUUID } from 'node:crypto';
import { chatMessages } from '@doppel/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBrowser } from './harness.ts';
import { type SupervisedProduct, startSupervisedProduct } from './support/supervised-product.ts';

/**
 * The bound: a reply whose worker died comes within seconds of a worker being back, not
 * after a 2-minute expiry. Counted from the restarted worker's first reply, so how long a Node
 * process takes to start on a busy machine (up to 20 s here) is not mistaken for waiting on a job.
 */
const afterRestartMs = 15_000;

let product: SupervisedProduct;

beforeAll(async () => {
  product = await startSupervisedProduct({
    name: 'crash',
    environment: process.env,
    // The model takes a moment per answer, so the worker always holds replies when it is killed.
    openAi: {
      fallback: (request) => {
        const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
        return { text: `Fake reply to: ${lastUser}`, delayMs: 400 };
      },
    },
  });
  // Warm up: the burst starts once the worker answers, so its start-up is not counted as waiting.
  const warmUp = createBrowser({ forwardedFor: '10.6.1.1' }).client(product.api.url);
  const { chat } = await warmUp.chat.open.mutate({ talentTag: 'mia' });
  const { message } = await warmUp.chat.send.mutate({ chatId: chat.id, text: 'Hello?', idempotencyKey: randomUUID() });
  await vi.waitFor(
    async () =>
      expect(
        await product.database.db.$count(chatMessages, eq(chatMessages.replyToMessageId, message.id)),
        product.output(),
      ).toBe(1),
    { timeout: 90_000, interval: 50 },
  );
}, 150_000);

afterAll(async () => {
  await product?.stop();
});

describe('a worker killed during a burst of fan messages', () => {
  it('keeps the API taking sends, comes back, and answers every message exactly once, within 15 s of the worker being back', async () => {
    const url = product.api.url;
    const { output, workerPid, said, openAi, database } = product;
    const fans = 5;
    const perFan = 6;
    // Each fan a browser of its own (its own address, as the load balancer reports it).
    const chats = await Promise.all(
      Array.from({ length: fans }, async (_, index) => {
        const browser = createBrowser({ forwardedFor: `10.6.0.${index + 1}` });
        const { chat } = await browser.client(url).chat.open.mutate({ talentTag: 'mia' });
        return { browser, chatId: chat.id, index };
      }),
    );
    let killedPid: number | undefined;
    let killedAt = Number.POSITIVE_INFINITY;
    const outcomes: string[] = [];
    const messageIds: string[] = [];

    // The fans write their messages one after another; once the worker is busy with the burst's
    // first replies (the model has been asked), it is killed while the rest keep arriving.
    const killer = (async () => {
      await vi.waitFor(() => expect(openAi.chatRequests().length >= 4, output()).toBe(true), { timeout: 30_000, interval: 50 });
      killedPid = workerPid();
      if (!killedPid) throw new Error(`no worker pid:\n${said()}`);
      killedAt = Date.now();
      process.kill(killedPid, 'SIGKILL');
    })();
    await Promise.all(
      chats.map(async ({ browser, chatId, index }) => {
        for (let sent = 0; sent < perFan; sent++) {
          try {
            const { message } = await browser
              .client(url)
              .chat.send.mutate({ chatId, text: `Fan ${index} message ${sent}`, idempotencyKey: randomUUID() });
            messageIds.push(message.id);
            outcomes.push('OK');
          } catch (error) {
            outcomes.push(String(error));
          }
          await new Promise((done) => setTimeout(done, 150));
        }
      }),
    );
    await killer;
    expect(outcomes).toEqual(Array(fans * perFan).fill('OK'));

    // The supervisor restarts the worker after its one-second back-off.
    await vi.waitFor(() => expect((workerPid() ?? killedPid) !== killedPid, output()).toBe(true), {
      timeout: 30_000,
      interval: 50,
    });
    expect(said()).toMatch(/worker exited unexpectedly \(SIGKILL\)/);

    // Each fan message with its replies and how long after it the (first) reply was written.
    const idList = sql.join(
      messageIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const replies = async () => [
      ...(await database.db.execute<{ replies: number; repliedAt: number }>(sql`
        select count(*)::int as replies,
               (extract(epoch from min(reply.created_at)) * 1000)::float8 as "repliedAt"
        from chat_messages message
        join chat_messages reply on reply.reply_to_message_id = message.id and reply.sender_type = 'TALENT'
        where message.id in (${idList})
        group by message.id, message.created_at`)),
    ];
    await vi.waitFor(async () => expect((await replies()).length === messageIds.length, output()).toBe(true), {
      timeout: 60_000,
      interval: 50,
    });
    const answered = await replies();
    expect(answered.filter((row) => row.replies !== 1)).toEqual([]);
    // The replies written after the kill: the new worker's, including those the dead one held.
    const afterKill = answered.map((row) => row.repliedAt).filter((at) => at > killedAt);
    expect(afterKill.length, 'the dead worker left replies to the new one').toBeGreaterThan(0);
    const backlogMs = Math.max(...afterKill) - Math.min(...afterKill);
    expect(backlogMs, `the last reply came ${backlogMs} ms after the restarted worker's first`).toBeLessThan(afterRestartMs);
  }, 120_000);
});
