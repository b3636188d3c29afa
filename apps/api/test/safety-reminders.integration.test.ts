// The reminders (docs/safety.md, Reminders) through the real API, Postgres and tRPC client: after
// three hours of conversation the fan's next message brings a stored "this is an AI" system line,
// not from the twin and never charged, delivered live; a known minor also gets a break reminder.
// Hours are not waited for: the chat's stored timestamps are moved back instead.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chatMessages, chatPrompts, seedDemoData, users } from '@doppel/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/index.ts';
import { balanceOf, createTalent, messagesOf, replyJobsOf, runOfflineReply, signedInFan, startChatApi } from './chat-fixtures.ts';
import type { Api, Caller } from './harness.ts';

let api: Api;
let filesDir: string;
let twin: Awaited<ReturnType<typeof createTalent>>;
let fanCount = 0;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  // The app config's prompt templates, which the reply job needs.
  await seedDemoData(api.database.db);
  twin = await createTalent(api, { creditsToSendMessage: 2 });
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

async function newFan() {
  fanCount += 1;
  return signedInFan(api, `reminder-fan-${fanCount}@test.dev`, twin.tag, { credits: 0, paidCredits: 20 });
}

const send = (fan: Caller, chatId: string, text: string) =>
  fan.client.chat.send.mutate({ chatId, text, idempotencyKey: randomUUID() });

/** Moves everything in the chat `hours` into the past, as if the conversation had started then. */
async function agesChat(chatId: string, hours: number) {
  await api.database.db
    .update(chatMessages)
    .set({ createdAt: sql`${chatMessages.createdAt} - ${hours} * interval '1 hour'` })
    .where(eq(chatMessages.chatId, chatId));
}

async function noticesOf(chatId: string) {
  return (await messagesOf(api, chatId)).filter((message) => message.notice !== null);
}

describe('the AI notice every three hours', () => {
  it('is not repeated within three hours of the first message', async () => {
    const { fan, chatId } = await newFan();
    expect((await send(fan, chatId, 'hi there')).notices).toBeUndefined();
    await agesChat(chatId, 2.9);
    expect((await send(fan, chatId, 'still here')).notices).toBeUndefined();
    expect(await noticesOf(chatId)).toEqual([]);
  });

  it('comes with the first message three hours into the conversation: stored, not from the twin, free', async () => {
    const { fan, userId, chatId } = await newFan();
    await send(fan, chatId, 'hello');
    await agesChat(chatId, 3);
    const sent = await send(fan, chatId, 'are you still there?');

    expect(sent.notices).toHaveLength(1);
    const [notice] = sent.notices ?? [];
    expect(notice?.notice).toBe('AI_REMINDER');
    expect(notice?.text).toContain(`you are chatting with an AI, not with ${twin.talent.name} in person`);
    expect(notice && notice.createdAt < sent.message.createdAt, 'the notice stands above the message').toBe(true);
    // Only the fan's message was charged (2 credits each, two messages): the notice cost nothing.
    expect(sent.balance).toEqual({ credits: 0, paidCredits: 16 });
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 16 });
    // The twin still answers the message, and its reply does not answer (or read) the notice.
    expect((await replyJobsOf(api, chatId)).map((job) => job.messageId)).toContain(sent.message.id);

    // Stored: the fan's own reading of the chat has it, marked as a notice.
    const page = await fan.client.chat.messages.query({ chatId });
    expect(page.items.find((message) => message.id === notice?.id)?.notice).toBe('AI_REMINDER');
    // Not again until three more hours have passed since the notice.
    expect((await send(fan, chatId, 'ok')).notices).toBeUndefined();
    await agesChat(chatId, 3);
    expect((await send(fan, chatId, 'back again')).notices?.map((line) => line.notice)).toEqual(['AI_REMINDER']);
    expect(await noticesOf(chatId)).toHaveLength(2);
  });

  it('is left out of what the twin reads as its own words', async () => {
    const { fan, chatId } = await newFan();
    await send(fan, chatId, 'hello');
    await agesChat(chatId, 4);
    const sent = await send(fan, chatId, 'what is your name?');
    const outcome = await runOfflineReply(api, filesDir, { chatId, messageId: sent.message.id });
    expect(outcome.status).toBe('answered');
    const replyId = 'replyMessageId' in outcome ? outcome.replyMessageId : '';
    const [prompt] = await api.database.db.select().from(chatPrompts).where(eq(chatPrompts.id, replyId));
    const history = JSON.stringify(prompt?.messages ?? []);
    expect(history, 'the fan’s words are in the model’s history').toContain('what is your name?');
    expect(history, 'the notice is not').not.toContain('does not write these messages');
    const [reply] = await api.database.db.select().from(chatMessages).where(eq(chatMessages.id, replyId));
    expect(reply?.replyToMessageId).toBe(sent.message.id);
  });

  it('reaches the fan’s open chat live', async () => {
    const { fan, chatId } = await newFan();
    await send(fan, chatId, 'hello');
    await agesChat(chatId, 3);
    const seen = new Set<string>();
    let started!: () => void;
    const ready = new Promise<void>((resolve) => {
      started = resolve;
    });
    const subscription = fan.client.live.events.subscribe(
      { scopes: [`chat:${chatId}`] },
      {
        onStarted: () => started(),
        onData: (event) => {
          seen.add((event as { data: LiveEvent }).data.rowId);
        },
      },
    );
    try {
      await ready;
      const sent = await send(fan, chatId, 'hey');
      const noticeId = sent.notices?.[0]?.id as string;
      await expect.poll(() => seen.has(noticeId), { timeout: 15_000 }).toBe(true);
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('a known minor', () => {
  it('also gets a take-a-break reminder every three hours of conversation', async () => {
    const { fan, userId, chatId } = await newFan();
    await api.database.db.update(users).set({ declaredMinorAt: new Date() }).where(eq(users.id, userId));
    await send(fan, chatId, 'hi');
    await agesChat(chatId, 3);
    const sent = await send(fan, chatId, 'hi again');
    expect(sent.notices?.map((line) => line.notice)).toEqual(['AI_REMINDER', 'BREAK_REMINDER']);
    expect(sent.notices?.[1]?.text).toContain('Time for a break?');
    expect(sent.balance).toEqual({ credits: 0, paidCredits: 16 });
    // Within the next three hours, nothing more.
    expect((await send(fan, chatId, 'ok')).notices).toBeUndefined();
  });

  it('gets it too when they say in the chat that they are under 18', async () => {
    const { fan, chatId } = await newFan();
    await send(fan, chatId, 'hi');
    await agesChat(chatId, 5);
    const sent = await send(fan, chatId, 'btw im 15');
    expect(sent.notices?.map((line) => line.notice)).toEqual(['AI_REMINDER', 'BREAK_REMINDER']);
  });
});
