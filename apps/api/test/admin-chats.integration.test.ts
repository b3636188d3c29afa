// The admin Chats screens' procedures over real HTTP: every filter and sort paged with the keyset
// cursor against an independent ORDER BY, the chat header, and the prompt record of a message
// (recorded by the real offline engine, seeded OpenAI ones, and messages sent without the model).
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chats, newId, seedDemoData, talents, users } from '@doppel/db';
import { answerFanMessage } from '@doppel/domain/chat/reply';
// The real offline reply engine (a root dev dependency), so the OFFLINE prompt record is the one
// the worker writes when no OPENAI_API_KEY / OPENAI_BASE_URL is configured.
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { type AdminChatFilter, type AdminChatSort, adminChatFilters, adminChatSorts } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalance, startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;

const bulkCount = 130;
const columns: Record<AdminChatSort, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  chatMessageCount: 'chat_message_count',
};
const flagColumns: Record<Exclude<AdminChatFilter, 'all'>, string> = {
  hasUserInteraction: 'has_user_interaction',
  hasUserInteractionWithNonAnonymousUser: 'has_user_interaction_with_non_anonymous_user',
  hasUserInteractionWithPaidCredits: 'has_user_interaction_with_paid_credits',
  hasUserInteractionWithSubscription: 'has_user_interaction_with_subscription',
  hasUserInteractionWithManager: 'has_user_interaction_with_manager',
  needsSafetyReview: 'needs_safety_review',
};

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  const { db } = api.database;
  await seedDemoData(db);
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);

  // 130 chats in the past with mixed flags. Creation times differ by one microsecond only (all in
  // the same millisecond), so a cursor that kept milliseconds would lose chats; updates come in
  // ties of five and message counts in ties of ~33, so the id must break ties.
  const fans = await db
    .insert(users)
    .values(
      Array.from({ length: bulkCount }, (_, i) => ({
        name: i % 5 === 0 ? '' : `Bulk fan ${i}`,
        email: i % 2 === 0 ? null : `bulk-${i}@test.dev`,
        isAnonymous: i % 2 === 0,
      })),
    )
    .returning({ id: users.id });
  await db.insert(chats).values(
    fans.map((fan, i) => ({
      talentId: i % 2 === 0 ? people.talentA.id : people.talentB.id,
      userId: fan.id,
      chatMessageCount: i % 4,
      hasUserInteraction: i % 10 !== 0,
      hasUserInteractionWithNonAnonymousUser: i % 2 === 1,
      hasUserInteractionWithPaidCredits: i % 4 === 1,
      hasUserInteractionWithSubscription: i % 7 === 1,
      hasUserInteractionWithManager: i % 11 === 1,
      needsSafetyReview: i % 13 === 1,
      createdAt: sql`'2020-01-01T00:00:00.5Z'::timestamptz + ${i} * interval '1 microsecond'`,
      updatedAt: sql`'2020-02-01T00:00:00Z'::timestamptz + ${Math.floor(i / 5)} * interval '1 second'`,
    })),
  );
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** The expected order, from a plain ORDER BY in SQL (not the procedure's keyset query). */
async function expectedIds(filter: AdminChatFilter, sort: AdminChatSort): Promise<string[]> {
  const where = filter === 'all' ? '' : `where ${flagColumns[filter]}`;
  const rows = await api.database.sql.unsafe<{ id: string }[]>(
    `select id from chats ${where} order by ${columns[sort]} desc, id desc`,
  );
  return rows.map((row) => row.id);
}

/** Follows nextCursor to the end, returning every page. */
async function allPages(caller: Caller, filter: AdminChatFilter, sort: AdminChatSort) {
  const pages = [];
  let cursor: string | null = null;
  do {
    const page = await caller.client.admin.chats.list.query({ filter, sort, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('admin.chats.list', () => {
  for (const filter of adminChatFilters) {
    for (const sort of adminChatSorts) {
      it(`lists every chat of filter ${filter} once, sorted by ${sort} descending, 50 a page`, async () => {
        const expected = await expectedIds(filter, sort);
        const pages = await allPages(admin, filter, sort);
        const ids = pages.flatMap((page) => page.items.map((chat) => chat.id));
        expect(ids, 'no repeats, no gaps, in the order of the sort').toEqual(expected);
        expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / 50)));
        for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(50);
        expect(pages.at(-1)?.nextCursor).toBeNull();
        if (filter !== 'all') {
          expect(pages.every((page) => page.items.every((chat) => chat.flags[filter]))).toBe(true);
        }
      });
    }
  }

  it('pages the larger filters over several pages', async () => {
    expect((await expectedIds('all', 'createdAt')).length).toBeGreaterThan(100);
    expect((await expectedIds('hasUserInteraction', 'updatedAt')).length).toBeGreaterThan(100);
  });

  it('defaults to logged-in fans, last updated first', async () => {
    const byDefault = await admin.client.admin.chats.list.query({});
    const explicit = await admin.client.admin.chats.list.query({
      filter: 'hasUserInteractionWithNonAnonymousUser',
      sort: 'updatedAt',
    });
    expect(byDefault).toEqual(explicit);
    expect(byDefault.items.every((chat) => chat.flags.hasUserInteractionWithNonAnonymousUser)).toBe(true);
  });

  it('neither repeats nor skips a chat when another one moves to the top between pages', async () => {
    const first = await admin.client.admin.chats.list.query({ filter: 'all', sort: 'updatedAt' });
    const expectedRest = (await expectedIds('all', 'updatedAt')).slice(50);
    // A chat further down gets a new message: it moves above the first page. With an offset the
    // first page's last chat would be shown again; with the keyset cursor nothing shifts.
    const moved = expectedRest[30] as string;
    await api.database.db.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, moved));
    const rest = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await admin.client.admin.chats.list.query({ filter: 'all', sort: 'updatedAt', cursor });
      rest.push(...page.items.map((chat) => chat.id));
      cursor = page.nextCursor;
    }
    expect(rest).toEqual(expectedRest.filter((id) => id !== moved));
    const top = await admin.client.admin.chats.list.query({ filter: 'all', sort: 'updatedAt' });
    expect(top.items[0]?.id).toBe(moved);
  });

  it('refuses a cursor of another sort and a made-up one as bad input', async () => {
    const page = await admin.client.admin.chats.list.query({ filter: 'all', sort: 'createdAt' });
    expect(page.nextCursor).not.toBeNull();
    const otherSort = await refusal(
      admin.client.admin.chats.list.query({ filter: 'all', sort: 'chatMessageCount', cursor: page.nextCursor }),
    );
    expect(otherSort.code).toBe('BAD_REQUEST');
    const forged = Buffer.from(JSON.stringify(['createdAt', "2020-01-01T00:00:00Z'; drop table chats; --", 'x'])).toString(
      'base64url',
    );
    expect((await refusal(admin.client.admin.chats.list.query({ filter: 'all', sort: 'createdAt', cursor: forged }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await refusal(admin.client.admin.chats.list.query({ filter: 'nope' as 'all' }))).code).toBe('BAD_REQUEST');
  });

  it('shows the twin, the fan (or an anonymous one), counts and the newest message', async () => {
    const pages = await allPages(admin, 'all', 'createdAt');
    const items = pages.flatMap((page) => page.items);
    const bulkAnonymous = items.find((chat) => chat.fan.isAnonymous && chat.talent.id === people.talentA.id);
    expect(bulkAnonymous).toMatchObject({
      talent: { id: people.talentA.id, name: 'Talent A', tag: 'talent_a' },
      fan: { email: null, isAnonymous: true },
      lastMessage: null,
    });
    // A seeded conversation: Sam Rivera with Mia; count and newest message as the database has them.
    const sam = items.find((chat) => chat.fan.email === 'fan1@doppel.dev' && chat.talent.tag === 'mia');
    const [newest] = await api.database.sql<{ sender_type: string; text: string; count: number }[]>`
      select sender_type, text, (select count(*)::int from chat_messages where chat_id = ${sam?.id ?? ''}) as count
      from chat_messages where chat_id = ${sam?.id ?? ''} order by created_at desc, id desc limit 1`;
    expect(sam).toMatchObject({
      talent: { name: 'Mia Moreno', tag: 'mia' },
      fan: { name: 'Sam Rivera', isAnonymous: false },
      chatMessageCount: newest?.count,
      flags: { hasUserInteraction: true, hasUserInteractionWithNonAnonymousUser: true },
      lastMessage: { senderType: newest?.sender_type, text: newest?.text },
    });
    expect(Date.parse(sam?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(sam?.createdAt ?? ''));
  });
});

describe('admin.chats.get and admin.chats.prompt', () => {
  it('records a conversation with the offline engine and shows each message’s prompt record', async () => {
    const fan = await signIn(api, people.fan.email as string);
    const opened = await fan.client.chat.open.mutate({ talentTag: 'mia' });
    const chatId = opened.chat.id;
    await setBalance(api, people.fan.id, 5, 0);

    // A message the twin answers through the model: here the offline engine (no LLM configured).
    const deps = {
      db: api.database.db,
      llm: createOfflineLlm(),
      tts: createUnconfiguredTts(),
      storage: createLocalDiskStorage(filesDir),
    };
    const hello = await fan.client.chat.send.mutate({
      chatId,
      text: 'Hi Mia! How is your day going?',
      idempotencyKey: randomUUID(),
    });
    const answered = await answerFanMessage(deps, { chatId, messageId: hello.message.id });
    if (answered.status !== 'answered') throw new Error(`the offline engine did not answer: ${answered.status}`);
    expect(answered.engine).toBe('offline');

    const reply = await admin.client.admin.chats.prompt.query({ chatId, messageId: answered.replyMessageId });
    expect(reply.message).toMatchObject({
      id: answered.replyMessageId,
      senderType: 'TALENT',
      replyToMessageId: hello.message.id,
    });
    expect(reply.replyMessageId).toBeNull();
    const prompt = reply.prompt;
    if (!prompt) throw new Error('the model reply has no prompt record');
    expect(prompt.llmType).toBe('OFFLINE');
    expect(prompt.llmFineTunedModelId, 'the model the talent is configured with').toBeTruthy();
    expect(prompt.llmTemperature).toBeGreaterThanOrEqual(0);
    expect(prompt.messages[0]?.type).toBe('SYSTEM');
    expect(prompt.messages[0]?.text).toContain('Mia');
    expect(prompt.messages.at(-1)).toEqual({ type: 'USER', text: 'Hi Mia! How is your day going?' });
    expect(prompt.faqMinScore).toBe(0.35);
    expect(prompt.functions.map((fn) => fn.name)).toHaveLength(2);
    expect(prompt.functions[0]?.parameters).toMatchObject({ type: 'object' });
    expect(prompt.tokenUsage, 'the offline engine counts no tokens').toBeNull();
    expect(prompt.responseText).toBe(reply.message.text);
    expect(prompt.responseFallbackText).toBeNull();
    expect(prompt.responseFunction).toBeNull();

    // The fan's own message has no prompt; it points at the twin's answer.
    const question = await admin.client.admin.chats.prompt.query({ chatId, messageId: hello.message.id });
    expect(question).toMatchObject({
      message: { senderType: 'USER', text: 'Hi Mia! How is your day going?', replyToMessageId: null },
      replyMessageId: answered.replyMessageId,
      prompt: null,
    });

    // A photo request: the offline engine calls the image function; what was sent is recorded too.
    const photo = await fan.client.chat.send.mutate({ chatId, text: 'send me a pic of the beach', idempotencyKey: randomUUID() });
    const photoAnswer = await answerFanMessage(deps, { chatId, messageId: photo.message.id });
    if (photoAnswer.status !== 'answered') throw new Error(`no photo answer: ${photoAnswer.status}`);
    const photoPrompt = (await admin.client.admin.chats.prompt.query({ chatId, messageId: photoAnswer.replyMessageId })).prompt;
    expect(photoPrompt?.llmType).toBe('OFFLINE');
    expect(photoPrompt?.responseFunction?.name).toBe(prompt.functions[0]?.name);
    expect(JSON.parse(photoPrompt?.responseFunction?.arguments ?? 'null')).toMatchObject({ context: expect.any(String) });

    // Out of credits: the twin answers at once, without the model, so there is no prompt record.
    await setBalance(api, people.fan.id, 0, 0);
    const broke = await fan.client.chat.send.mutate({ chatId, text: 'Still there?', idempotencyKey: randomUUID() });
    if (!broke.reply) throw new Error('expected an immediate answer when out of credits');
    const immediate = await admin.client.admin.chats.prompt.query({ chatId, messageId: broke.reply.id });
    expect(immediate).toMatchObject({
      message: { senderType: 'TALENT', replyToMessageId: broke.message.id },
      replyMessageId: null,
      prompt: null,
    });

    // The header: twin, fan, counters, flags and the newest message.
    const header = await admin.client.admin.chats.get.query({ chatId });
    expect(header).toMatchObject({
      id: chatId,
      talent: { name: 'Mia Moreno', tag: 'mia' },
      fan: { id: people.fan.id, name: 'Fan', email: 'fan@test.dev', isAnonymous: false },
      chatMessageCount: 6,
      flags: {
        hasUserInteraction: true,
        hasUserInteractionWithNonAnonymousUser: true,
        hasUserInteractionWithPaidCredits: false,
        hasUserInteractionWithSubscription: false,
        hasUserInteractionWithManager: false,
      },
      lastMessage: { senderType: 'TALENT', text: broke.reply.text },
    });
    // The freshest conversation heads the default list.
    const top = await admin.client.admin.chats.list.query({});
    expect(top.items[0]?.id).toBe(chatId);
    // Admins read the messages themselves through chat.messages, newest first.
    const messages = await admin.client.chat.messages.query({ chatId });
    expect(messages.items.map((message) => message.id).slice(0, 2)).toEqual([broke.reply.id, broke.message.id]);
  });

  it('returns a seeded OpenAI prompt with FAQ scores, functions, token usage and the function call', async () => {
    const [sam] = await api.database.sql<{ id: string }[]>`
      select c.id from chats c join users u on u.id = c.user_id join talents t on t.id = c.talent_id
      where u.email = 'fan1@doppel.dev' and t.tag = 'mia'`;
    const [photoReply] = await api.database.sql<{ id: string }[]>`
      select m.id from chat_messages m where m.chat_id = ${sam?.id ?? ''} and jsonb_array_length(m.attachments) > 0`;
    const detail = await admin.client.admin.chats.prompt.query({ chatId: sam?.id ?? '', messageId: photoReply?.id ?? '' });
    expect(detail.message).toMatchObject({ senderType: 'TALENT', attachmentCount: 1, reaction: 'THUMBS_UP' });
    expect(detail.prompt).toMatchObject({
      llmType: 'OPENAI',
      faqMinScore: 0.8,
      responseText: null,
      responseFallbackText: 'Here’s my favourite, sunset at the hot springs 🌅',
      responseFunction: { name: expect.any(String), arguments: expect.stringContaining('successText') },
      tokenUsage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number), totalTokens: expect.any(Number) },
    });
    expect(detail.prompt?.functions).toHaveLength(2);

    const [faqReply] = await api.database.sql<{ id: string; chat_id: string }[]>`
      select p.id, p.chat_id from chat_prompts p where jsonb_array_length(p.faq_items) > 0 limit 1`;
    const faq = await admin.client.admin.chats.prompt.query({ chatId: faqReply?.chat_id ?? '', messageId: faqReply?.id ?? '' });
    expect(faq.prompt?.faqItems).toEqual([{ question: 'How do credits work?', score: 0.91 }]);

    // The welcome message that opens every seeded chat was not written by the model.
    const [welcome] = await api.database.sql<{ id: string }[]>`
      select m.id from chat_messages m where m.chat_id = ${sam?.id ?? ''} order by m.created_at limit 1`;
    const welcomeDetail = await admin.client.admin.chats.prompt.query({ chatId: sam?.id ?? '', messageId: welcome?.id ?? '' });
    expect(welcomeDetail).toMatchObject({ message: { senderType: 'TALENT' }, prompt: null });
  });

  it('answers NOT_FOUND for an unknown chat, an unknown message, or a message of another chat', async () => {
    expect((await refusal(admin.client.admin.chats.get.query({ chatId: newId() }))).code).toBe('NOT_FOUND');
    const [one, two] = await api.database.sql<{ id: string }[]>`
      select c.id from chats c where c.chat_message_count > 0 and exists (select 1 from chat_messages m where m.chat_id = c.id) limit 2`;
    const [message] = await api.database.sql<
      { id: string }[]
    >`select id from chat_messages where chat_id = ${one?.id ?? ''} limit 1`;
    expect((await refusal(admin.client.admin.chats.prompt.query({ chatId: one?.id ?? '', messageId: newId() }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await refusal(admin.client.admin.chats.prompt.query({ chatId: two?.id ?? '', messageId: message?.id ?? '' }))).code,
    ).toBe('NOT_FOUND');
    expect((await refusal(admin.client.admin.chats.prompt.query({ chatId: newId(), messageId: newId() }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses fans and talent managers (FORBIDDEN) and signed-out callers (UNAUTHORIZED)', async () => {
    const [mia] = await api.database.db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
    const [miaChat] = await api.database.db
      .select({ id: chats.id })
      .from(chats)
      .where(eq(chats.talentId, mia?.id ?? ''));
    const chatId = miaChat?.id ?? '';
    // Mia's own creator may read her chats in chat.messages, but not through the admin screens.
    const creator = await signIn(api, 'creator@doppel.dev');
    expect((await creator.client.chat.messages.query({ chatId })).items.length).toBeGreaterThan(0);
    const fan = await signIn(api, people.fan.email as string);
    for (const caller of [creator, fan]) {
      expect((await refusal(caller.client.admin.chats.list.query({}))).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.chats.get.query({ chatId }))).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.chats.prompt.query({ chatId, messageId: newId() }))).code).toBe('FORBIDDEN');
    }
    const anonymous = createCaller(api);
    expect((await refusal(anonymous.client.admin.chats.list.query({}))).code).toBe('UNAUTHORIZED');
    expect((await refusal(anonymous.client.admin.chats.get.query({ chatId }))).code).toBe('UNAUTHORIZED');
  });
});
