// The admin Reactions section's procedures over real HTTP: every filter paged with the keyset cursor
// against an independent ORDER BY, and a rated message's detail with the messages around it and
// the prompt the real offline engine recorded for it.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chatMessages, chats, newId, seedDemoData, users } from '@doppel/db';
import { answerFanMessage } from '@doppel/domain/chat/reply';
// The real offline reply engine, as the worker runs it when no OpenAI settings are configured.
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { type AdminReactionFilter, adminReactionFilters } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalance, startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;
/** A chat of 12 bulk messages, oldest first, each a microsecond apart. */
let windowChat: { id: string; messageIds: string[] };

const bulkCount = 150;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  const { db } = api.database;
  await seedDemoData(db);
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);

  // Ten chats of rated and unrated twin messages. Times repeat in groups of three (the id must
  // break ties) and differ by a microsecond otherwise (a millisecond cursor would lose rows).
  const fans = await db
    .insert(users)
    .values(Array.from({ length: 10 }, (_, i) => ({ name: i % 3 === 0 ? '' : `Rating fan ${i}`, isAnonymous: i % 3 === 0 })))
    .returning({ id: users.id });
  const bulkChats = await db
    .insert(chats)
    .values(fans.map((fan, i) => ({ userId: fan.id, talentId: i % 2 === 0 ? people.talentA.id : people.talentB.id })))
    .returning({ id: chats.id });
  await db.insert(chatMessages).values(
    Array.from({ length: bulkCount }, (_, i) => ({
      chatId: bulkChats[i % bulkChats.length]?.id as string,
      senderType: 'TALENT' as const,
      text: `Bulk reply ${i} ${'long '.repeat(i % 4 === 0 ? 60 : 1)}`,
      reaction: i % 5 === 0 ? null : i % 2 === 0 ? ('THUMBS_UP' as const) : ('THUMBS_DOWN' as const),
      reactionFeedback: i % 7 === 0 ? `Feedback ${i}` : null,
      createdAt: sql`'2021-01-01T00:00:00.5Z'::timestamptz + ${Math.floor(i / 3)} * interval '1 microsecond'`,
    })),
  );

  const [windowFan] = await db.insert(users).values({ name: 'Window fan' }).returning({ id: users.id });
  const [chat] = await db
    .insert(chats)
    .values({ userId: windowFan?.id as string, talentId: people.talentA.id })
    .returning({ id: chats.id });
  const rows = await db
    .insert(chatMessages)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        chatId: chat?.id as string,
        senderType: i % 2 === 0 ? ('USER' as const) : ('TALENT' as const),
        text: `Window message ${i}`,
        reaction: i === 7 ? ('THUMBS_DOWN' as const) : null,
        reactionFeedback: i === 7 ? 'Off topic' : null,
        createdAt: sql`'2019-06-01T00:00:00.5Z'::timestamptz + ${i} * interval '1 microsecond'`,
      })),
    )
    .returning({ id: chatMessages.id, text: chatMessages.text });
  const ordered = rows.sort((a, b) => Number(a.text.split(' ')[2]) - Number(b.text.split(' ')[2]));
  windowChat = { id: chat?.id as string, messageIds: ordered.map((row) => row.id) };
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** The expected order, from a plain ORDER BY in SQL (not the procedure's keyset query). */
async function expectedIds(filter: AdminReactionFilter): Promise<string[]> {
  const where = filter === 'all' ? 'reaction is not null' : `reaction = '${filter}'`;
  const rows = await api.database.sql.unsafe<{ id: string }[]>(
    `select id from chat_messages where ${where} order by created_at desc, id desc`,
  );
  return rows.map((row) => row.id);
}

async function allPages(filter: AdminReactionFilter) {
  const pages = [];
  let cursor: string | null = null;
  do {
    const page = await admin.client.admin.reactions.list.query({ filter, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
}

describe('admin.reactions.list', () => {
  for (const filter of adminReactionFilters) {
    it(`lists every message rated ${filter} once, newest first, 50 a page`, async () => {
      const expected = await expectedIds(filter);
      expect(expected.length).toBeGreaterThan(50);
      const pages = await allPages(filter);
      const items = pages.flatMap((page) => page.items);
      expect(
        items.map((item) => item.id),
        'no repeats, no gaps, newest first',
      ).toEqual(expected);
      expect(pages).toHaveLength(Math.ceil(expected.length / 50));
      for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(50);
      expect(pages.at(-1)?.nextCursor).toBeNull();
      if (filter !== 'all') expect(items.every((item) => item.reaction === filter)).toBe(true);
    });
  }

  it('defaults to thumbs down', async () => {
    expect(await admin.client.admin.reactions.list.query({})).toEqual(
      await admin.client.admin.reactions.list.query({ filter: 'THUMBS_DOWN' }),
    );
  });

  it('shows a preview of the text, the feedback, the twin and the fan', async () => {
    const items = (await allPages('all')).flatMap((page) => page.items);
    const long = items.find((item) => item.text.startsWith('Bulk reply 4 '));
    expect(long?.text.length, 'the preview is cut to 200 characters').toBe(200);
    const seeded = items.find((item) => item.reactionFeedback === 'Too short, wanted a meal plan.');
    expect(seeded).toMatchObject({ reaction: 'THUMBS_DOWN', fan: { isAnonymous: false } });
    expect(seeded?.talent.name).toBeTruthy();
    const anonymous = items.find((item) => item.fan.isAnonymous);
    expect(anonymous).toMatchObject({ fan: { name: '', email: null, isAnonymous: true } });
    expect(items.find((item) => item.reactionFeedback === 'Off topic')).toMatchObject({
      chatId: windowChat.id,
      talent: { id: people.talentA.id, name: 'Talent A', tag: 'talent_a' },
      fan: { name: 'Window fan' },
      attachmentCount: 0,
    });
  });

  it('refuses a made-up cursor and an unknown filter as bad input', async () => {
    expect((await refusal(admin.client.admin.reactions.list.query({ cursor: 'nope' }))).code).toBe('BAD_REQUEST');
    expect((await refusal(admin.client.admin.reactions.list.query({ filter: 'LOVE' as 'all' }))).code).toBe('BAD_REQUEST');
  });
});

describe('admin.reactions.get', () => {
  it('shows five messages before and two after the rated one, oldest first', async () => {
    const { id: chatId, messageIds } = windowChat;
    const detail = await admin.client.admin.reactions.get.query({ chatId, messageId: messageIds[7] as string });
    expect(detail.context.map((message) => message.id)).toEqual(messageIds.slice(2, 10));
    expect(detail.message).toMatchObject({ id: messageIds[7], reaction: 'THUMBS_DOWN', reactionFeedback: 'Off topic' });
    expect(detail.chat).toMatchObject({ id: chatId, talent: { name: 'Talent A' }, fan: { name: 'Window fan' } });
    expect(detail.prompt, 'inserted without the model').toBeNull();
    // At the edges the window is shorter.
    const first = await admin.client.admin.reactions.get.query({ chatId, messageId: messageIds[1] as string });
    expect(first.context.map((message) => message.id)).toEqual(messageIds.slice(0, 4));
    const last = await admin.client.admin.reactions.get.query({ chatId, messageId: messageIds[11] as string });
    expect(last.context.map((message) => message.id)).toEqual(messageIds.slice(6, 12));
  });

  it('shows a fan’s thumbs down on a real reply with its feedback and prompt record', async () => {
    const fan = await signIn(api, people.fan.email as string);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: 'mia' });
    await setBalance(api, people.fan.id, 5, 0);
    const sent = await fan.client.chat.send.mutate({
      chatId: chat.id,
      text: 'Where do you live these days?',
      idempotencyKey: randomUUID(),
    });
    const deps = {
      db: api.database.db,
      llm: createOfflineLlm(),
      tts: createUnconfiguredTts(),
      storage: createLocalDiskStorage(filesDir),
    };
    const answered = await answerFanMessage(deps, { chatId: chat.id, messageId: sent.message.id });
    if (answered.status !== 'answered') throw new Error(`no answer: ${answered.status}`);
    await fan.client.chat.react.mutate({
      chatId: chat.id,
      messageId: answered.replyMessageId,
      reaction: 'THUMBS_DOWN',
      feedback: 'Not what I asked',
    });

    const top = await admin.client.admin.reactions.list.query({});
    expect(top.items[0]).toMatchObject({
      id: answered.replyMessageId,
      chatId: chat.id,
      reaction: 'THUMBS_DOWN',
      reactionFeedback: 'Not what I asked',
      talent: { name: 'Mia Moreno' },
      fan: { id: people.fan.id, name: 'Fan', email: 'fan@test.dev', isAnonymous: false },
    });
    const detail = await admin.client.admin.reactions.get.query({ chatId: chat.id, messageId: answered.replyMessageId });
    expect(detail.message).toMatchObject({ senderType: 'TALENT', reaction: 'THUMBS_DOWN', reactionFeedback: 'Not what I asked' });
    expect(detail.context.at(-1)?.id, 'the newest message of the chat').toBe(answered.replyMessageId);
    expect(detail.context.at(-2)).toMatchObject({ id: sent.message.id, senderType: 'USER' });
    const prompt = detail.prompt;
    expect(prompt).toMatchObject({ llmType: 'OFFLINE', responseText: detail.message.text });
    expect(prompt?.messages.at(-1)).toEqual({ type: 'USER', text: 'Where do you live these days?' });
    // Mia's own FAQ answers this one.
    expect(prompt?.faqItems[0]?.question).toBe('Where do you live?');
    // The same record as the Chats section's dialog: one use case.
    const fromChats = await admin.client.admin.chats.prompt.query({ chatId: chat.id, messageId: answered.replyMessageId });
    expect(prompt).toEqual(fromChats.prompt);

    // Cleared by the fan: gone from the list, the detail still opens without a reaction.
    await fan.client.chat.react.mutate({ chatId: chat.id, messageId: answered.replyMessageId, reaction: null });
    const after = await admin.client.admin.reactions.list.query({ filter: 'all' });
    expect(after.items.some((item) => item.id === answered.replyMessageId)).toBe(false);
    const cleared = await admin.client.admin.reactions.get.query({ chatId: chat.id, messageId: answered.replyMessageId });
    expect(cleared.message).toMatchObject({ reaction: null, reactionFeedback: null });
  });

  it('answers NOT_FOUND for an unknown message or one of another chat', async () => {
    const { id: chatId, messageIds } = windowChat;
    expect((await refusal(admin.client.admin.reactions.get.query({ chatId, messageId: newId() }))).code).toBe('NOT_FOUND');
    const [other] = await api.database.sql<{ id: string }[]>`select id from chats where id <> ${chatId} limit 1`;
    const wrongChat = admin.client.admin.reactions.get.query({ chatId: other?.id ?? '', messageId: messageIds[7] as string });
    expect((await refusal(wrongChat)).code).toBe('NOT_FOUND');
  });
});

describe('access', () => {
  it('refuses fans and talent managers (FORBIDDEN) and signed-out callers (UNAUTHORIZED) on every procedure', async () => {
    const { id: chatId, messageIds } = windowChat;
    const messageId = messageIds[7] as string;
    // Functions, so each call starts only when its refusal is awaited.
    const calls = (caller: Caller) => [
      () => caller.client.admin.reactions.list.query({}),
      () => caller.client.admin.reactions.get.query({ chatId, messageId }),
    ];
    const creator = await signIn(api, people.creatorA.email as string);
    const fan = await signIn(api, people.fan.email as string);
    for (const caller of [creator, fan]) {
      for (const call of calls(caller)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    }
    for (const call of calls(createCaller(api))) expect((await refusal(call())).code).toBe('UNAUTHORIZED');
  });
});
