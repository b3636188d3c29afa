// Streamed replies end to end, each part in its own process as `npm start` runs them: the fan's
// live stream on the API receives the reply's drafts (the worker's NOTIFYs) in order and then the
// stored message; and a worker SIGKILLed in the middle of a stream is restarted by the supervisor
// and leaves exactly one complete reply, never half of one or two.
import { randomUUID } from 'node:crypto';
import { chatMessages, chatPrompts } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../src/index.ts';
import { type Browser, createBrowser } from './harness.ts';
import { type SupervisedProduct, startSupervisedProduct } from './support/supervised-product.ts';

let product: SupervisedProduct;

const replyText = (fanText: string) =>
  `Thanks for asking! ${fanText} is a lovely question, and honestly today was full of sunshine, coffee and long walks by the river.`;

beforeAll(async () => {
  product = await startSupervisedProduct({
    name: 'stream',
    environment: process.env,
    // A model writing about 25 tokens a second: a reply streams for about a second.
    openAi: {
      tokenDelayMs: 40,
      fallback: (request) => {
        const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
        return { text: replyText(lastUser) };
      },
    },
  });
}, 150_000);

afterAll(async () => {
  await product?.stop();
});

/** A fan with a chat with Mia, watching that chat's live stream (as the messenger does). */
async function watchingFan(address: string) {
  const browser: Browser = createBrowser({ forwardedFor: address });
  const client = browser.client(product.api.url);
  const { chat } = await client.chat.open.mutate({ talentTag: 'mia' });
  const events: LiveEvent[] = [];
  let started!: () => void;
  const ready = new Promise<void>((done) => {
    started = done;
  });
  const subscription = client.live.events.subscribe(
    { scopes: [`chat:${chat.id}`] },
    {
      onStarted: () => started(),
      onData: (event) => events.push((event as { data: LiveEvent }).data),
      onError: (error) => {
        throw error;
      },
    },
  );
  await ready;
  return { client, chatId: chat.id, events, stop: () => subscription.unsubscribe() };
}

async function replies(messageId: string) {
  return product.database.db.select().from(chatMessages).where(eq(chatMessages.replyToMessageId, messageId));
}

describe('a streamed reply', () => {
  it('reaches the fan as growing drafts in order, then as one stored message', async () => {
    const fan = await watchingFan('10.7.0.1');
    const { message } = await fan.client.chat.send.mutate({
      chatId: fan.chatId,
      text: 'How was your day',
      idempotencyKey: randomUUID(),
    });
    const full = replyText('How was your day');

    // The worker starts cold; the reply streams for about a second after that.
    await vi.waitFor(
      () =>
        expect(
          fan.events.some((event) => event.entity === 'chat_messages' && event.rowId !== message.id),
          product.output(),
        ).toBe(true),
      { timeout: 90_000, interval: 50 },
    );
    fan.stop();

    const [reply, ...more] = await replies(message.id);
    expect(more).toEqual([]);
    expect(reply?.text).toBe(full);
    const drafts = fan.events.filter((event) => event.entity === 'reply_draft');
    expect(drafts.length, 'several drafts while the model wrote').toBeGreaterThan(2);
    expect(drafts.map((draft) => draft.draft?.seq)).toEqual(drafts.map((_, index) => index));
    for (const draft of drafts) {
      expect(draft).toMatchObject({ rowId: message.id, scopes: [`chat:${fan.chatId}`], draft: { stream: reply?.id } });
      expect(full.startsWith(draft.draft?.text ?? '-')).toBe(true);
    }
    // The stored message arrives after the drafts.
    const storedAt = fan.events.findIndex((event) => event.entity === 'chat_messages' && event.rowId === reply?.id);
    expect(storedAt).toBeGreaterThan(fan.events.lastIndexOf(drafts.at(-1) as LiveEvent));
  }, 120_000);

  it('ends in one complete reply when the worker is SIGKILLed mid-stream and restarted', async () => {
    const fan = await watchingFan('10.7.0.2');
    // Slow enough that the worker is surely killed while this reply is being written.
    const text = 'This reply is written very slowly, one word at a time, so that the worker dies in the middle of it.';
    product.openAi.script({ text, tokenDelayMs: 250 });
    const { message } = await fan.client.chat.send.mutate({
      chatId: fan.chatId,
      text: 'Tell me a story',
      idempotencyKey: randomUUID(),
    });
    await vi.waitFor(
      () =>
        expect(
          fan.events.some((event) => event.entity === 'reply_draft' && event.rowId === message.id),
          product.output(),
        ).toBe(true),
      { timeout: 60_000, interval: 50 },
    );

    process.kill(product.workerPid() ?? 0, 'SIGKILL');
    await vi.waitFor(() => expect(/worker exited unexpectedly \(SIGKILL\)/.test(product.said()), product.output()).toBe(true), {
      timeout: 30_000,
      interval: 50,
    });
    expect(await replies(message.id), 'nothing stored from the cut stream').toEqual([]);

    // pg-boss hands the job to the restarted worker, which asks the model again (the fallback answer).
    await vi.waitFor(async () => expect((await replies(message.id)).length > 0, product.output()).toBe(true), {
      timeout: 90_000,
      interval: 50,
    });
    fan.stop();
    const answered = await replies(message.id);
    expect(answered).toHaveLength(1);
    expect(answered[0]?.text).toBe(replyText('Tell me a story'));
    const prompts = await product.database.db
      .select()
      .from(chatPrompts)
      .where(eq(chatPrompts.id, answered[0]?.id ?? ''));
    expect(prompts).toHaveLength(1);
    // The dead stream's drafts were superseded by the retry's, which start again from seq 0.
    const streams = [
      ...new Set(fan.events.flatMap((event) => (event.rowId === message.id && event.draft ? [event.draft.stream] : []))),
    ];
    expect(streams.length).toBe(2);
    expect(streams.at(-1)).toBe(answered[0]?.id);
  }, 180_000);
});
