// Per-fan memory through the real API: what the twin learnt (here with the offline engine's rules)
// is listed to the fan, who deletes one note or all; the twin's creator and admins read and edit it;
// nobody else reaches it; it survives the anonymous-to-signed-in merge. The worker side (the job,
// the prompt, the fake model) is proven in apps/worker/src/jobs/chat-remember.integration.test.ts.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chatMessages, chats, fanMemories, fanReminders, newId, seedDemoData, talentConfigs } from '@doppel/db';
import { rememberFanMessage } from '@doppel/domain/chat';
import { answerFanMessage } from '@doppel/domain/chat/reply';
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalance, startChatApi, userIdOf } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, requestSignInToken, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: Caller;
let creatorA: Caller;
let creatorB: Caller;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  // A twin fans can chat with has a config.
  await api.database.db.insert(talentConfigs).values({ id: people.talentA.id });
  [admin, creatorA, creatorB] = await Promise.all([
    signIn(api, people.admin.email as string),
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
  ]);
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const llm = createOfflineLlm();

/** The fan sends `text` through the API; the reply and the memory job's use case run as the worker runs them. */
async function tell(fan: Caller, chatId: string, text: string) {
  const sent = await fan.client.chat.send.mutate({ chatId, text, idempotencyKey: randomUUID() });
  const deps = { db: api.database.db, llm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) };
  const answered = await answerFanMessage(deps, { chatId, messageId: sent.message.id });
  if (answered.status !== 'answered') throw new Error(`not answered: ${answered.status}`);
  const remembered = await rememberFanMessage({ db: api.database.db, llm }, { chatId, messageId: sent.message.id });
  return { replyId: answered.replyMessageId, remembered };
}

async function fanOfTalentA(caller: Caller) {
  const opened = await caller.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
  return opened.chat.id;
}

describe('the fan and their memory', () => {
  it('lists what the twin learnt, uses it in the next reply, and deletes one note or all', async () => {
    const fan = await signIn(api, people.fan.email as string);
    await setBalance(api, people.fan.id, 20, 0);
    const chatId = await fanOfTalentA(fan);
    const told = await tell(fan, chatId, 'Hi! My name is Sam and I have a dog named Rex.');
    expect(told.remembered).toEqual({ status: 'stored', stored: 2 });

    const { memories } = await fan.client.chat.memories.list.query({ chatId });
    expect(memories.map((memory) => [memory.kind, memory.text]).sort()).toEqual([
      ['FACT', 'Has a dog named Rex'],
      ['NAME', 'Name: Sam'],
    ]);

    // The next reply greets Sam, and its prompt record shows the admin what was remembered.
    const next = await tell(fan, chatId, 'hey');
    const [reply] = (await fan.client.chat.messages.query({ chatId })).items;
    expect(reply?.id).toBe(next.replyId);
    expect(reply?.text).toContain('Sam');
    const record = await admin.client.admin.chats.prompt.query({ chatId, messageId: next.replyId });
    expect(record.prompt?.memories.map((memory) => memory.text).sort()).toEqual(['Has a dog named Rex', 'Name: Sam']);

    const dog = memories.find((memory) => memory.kind === 'FACT');
    expect(await fan.client.chat.memories.delete.mutate({ chatId, memoryId: dog?.id ?? '' })).toEqual({ deleted: 1 });
    const after = await tell(fan, chatId, 'what now');
    const afterRecord = await admin.client.admin.chats.prompt.query({ chatId, messageId: after.replyId });
    expect(afterRecord.prompt?.memories.map((memory) => memory.text)).toEqual(['Name: Sam']);
    expect(afterRecord.prompt?.messages[0]?.text).not.toContain('Rex');

    expect(await fan.client.chat.memories.clear.mutate({ chatId })).toEqual({ deleted: 1 });
    expect((await fan.client.chat.memories.list.query({ chatId })).memories).toEqual([]);
  });

  it('keeps deleted notes deleted when the memory job for an earlier message runs after the deletion', async () => {
    const fan = await signIn(api, 'erase-first@test.dev');
    await setBalance(api, await userIdOf(api, 'erase-first@test.dev'), 20, 0);
    const chatId = await fanOfTalentA(fan);
    const deps = { db: api.database.db, llm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) };
    const sent = await fan.client.chat.send.mutate({
      chatId,
      text: 'My name is Kim and I have a cat named Tom.',
      idempotencyKey: randomUUID(),
    });
    expect((await answerFanMessage(deps, { chatId, messageId: sent.message.id })).status).toBe('answered');
    // "Forget everything" while the memory job of that message is still queued (or retrying).
    await fan.client.chat.memories.clear.mutate({ chatId });
    const late = await rememberFanMessage({ db: api.database.db, llm }, { chatId, messageId: sent.message.id });
    expect(late).toEqual({ status: 'erased' });
    expect((await fan.client.chat.memories.list.query({ chatId })).memories).toEqual([]);

    // What the fan says after deleting is learnt as before.
    const told = await tell(fan, chatId, 'I have a dog named Rex.');
    expect(told.remembered).toEqual({ status: 'stored', stored: 1 });
    expect((await fan.client.chat.memories.list.query({ chatId })).memories.map((memory) => memory.text)).toEqual([
      'Has a dog named Rex',
    ]);
  });

  it('never keeps a note when forgetting and learning race: the deletion wins either way', async () => {
    const email = 'erase-race@test.dev';
    const fan = await signIn(api, email);
    await setBalance(api, await userIdOf(api, email), 20, 0);
    const chatId = await fanOfTalentA(fan);
    const deps = { db: api.database.db, llm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) };
    for (const [round, pet] of ['Tom', 'Rex', 'Bella'].entries()) {
      const sent = await fan.client.chat.send.mutate({
        chatId,
        text: `I have a cat named ${pet}.`,
        idempotencyKey: randomUUID(),
      });
      await answerFanMessage(deps, { chatId, messageId: sent.message.id });
      const [remembered, cleared] = await Promise.all([
        rememberFanMessage({ db: api.database.db, llm }, { chatId, messageId: sent.message.id }),
        fan.client.chat.memories.clear.mutate({ chatId }),
      ]);
      expect(['stored', 'erased'], `round ${round}`).toContain(remembered.status);
      expect(cleared.deleted).toBeLessThanOrEqual(1);
      expect((await fan.client.chat.memories.list.query({ chatId })).memories, `round ${round}`).toEqual([]);
    }
  });

  it('survives signing in: the anonymous fan’s memories move to the account', async () => {
    // The account told the twin an older name and where it lives; the anonymous fan the same place and a new name.
    const account = await signIn(api, 'robin@test.dev');
    await setBalance(api, await userIdOf(api, 'robin@test.dev'), 5, 0);
    await tell(account, await fanOfTalentA(account), 'call me Rob. I live in Lisbon');
    const anonymous = createCaller(api);
    const chatId = await fanOfTalentA(anonymous);
    await tell(anonymous, chatId, 'call me Robin. I live in Lisbon');
    // A reminder the anonymous fan asked for goes with them too (the merge empties this chat into the account's).
    const db = api.database.db;
    const [anonymousChat] = await db.select().from(chats).where(eq(chats.id, chatId));
    const askedId = newId();
    await db.insert(chatMessages).values({ id: askedId, chatId, senderType: 'USER', text: 'remind me tomorrow to call mom' });
    await db.insert(fanReminders).values({
      id: newId(),
      chatId,
      userId: anonymousChat?.userId as string,
      talentId: anonymousChat?.talentId as string,
      messageId: askedId,
      about: 'to call mom',
      dueAt: new Date(Date.now() + 86_400_000),
    });
    const token = await requestSignInToken(api, anonymous, 'robin@test.dev');
    await anonymous.client.auth.signInWithLink.mutate({ email: 'robin@test.dev', token });

    const accountChatId = await fanOfTalentA(anonymous);
    const { memories } = await anonymous.client.chat.memories.list.query({ chatId: accountChatId });
    expect(memories.map((memory) => memory.text).sort()).toEqual(['Lives in Lisbon', 'Name: Robin']);
    const accountId = await userIdOf(api, 'robin@test.dev');
    const rows = await api.database.db.select().from(fanMemories).where(eq(fanMemories.text, 'Name: Robin'));
    expect(rows.map((row) => row.userId)).toEqual([accountId]);
    const { reminders } = await anonymous.client.chat.reminders.list.query({ chatId: accountChatId });
    expect(reminders.map((reminder) => reminder.about)).toEqual(['to call mom']);
    const [moved] = await db.select().from(fanReminders).where(eq(fanReminders.about, 'to call mom'));
    expect(moved).toMatchObject({ userId: accountId, chatId: accountChatId });
  });
});

describe('who may reach a fan’s memory', () => {
  let chatId: string;
  let memoryId: string;
  let stranger: Caller;
  let strangerChatId: string;

  beforeAll(async () => {
    const fan = createCaller(api);
    chatId = await fanOfTalentA(fan);
    await tell(fan, chatId, 'I live in Lisbon');
    const { memories } = await fan.client.chat.memories.list.query({ chatId });
    memoryId = memories[0]?.id ?? '';
    stranger = createCaller(api);
    strangerChatId = await fanOfTalentA(stranger);
  });

  it('refuses another fan of the same twin, even through their own chat', async () => {
    expect((await refusal(stranger.client.chat.memories.list.query({ chatId }))).code).toBe('NOT_FOUND');
    expect((await refusal(stranger.client.chat.memories.delete.mutate({ chatId, memoryId }))).code).toBe('NOT_FOUND');
    expect((await refusal(stranger.client.chat.memories.clear.mutate({ chatId }))).code).toBe('NOT_FOUND');
    expect((await refusal(stranger.client.chat.memories.delete.mutate({ chatId: strangerChatId, memoryId }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await stranger.client.chat.memories.list.query({ chatId: strangerChatId })).memories).toEqual([]);
    // A manager or admin reading the chat is not its fan: the fan's own procedures refuse them too.
    expect((await refusal(creatorA.client.chat.memories.list.query({ chatId }))).code).toBe('NOT_FOUND');
    expect(await api.database.db.select().from(fanMemories).where(eq(fanMemories.id, memoryId))).toHaveLength(1);
  });

  it('lets the twin’s creator read and edit, and refuses another twin’s creator', async () => {
    const talentId = people.talentA.id;
    const listed = await creatorA.client.talent.fanMemories.list.query({ talentId, chatId });
    expect(listed.memories.map((memory) => memory.text)).toEqual(['Lives in Lisbon']);
    const edited = await creatorA.client.talent.fanMemories.update.mutate({ talentId, chatId, memoryId, text: 'Lives in Porto' });
    expect(edited.text).toBe('Lives in Porto');

    expect((await refusal(creatorB.client.talent.fanMemories.list.query({ talentId, chatId }))).code).toBe('FORBIDDEN');
    const otherTalent = people.talentB.id;
    expect((await refusal(creatorB.client.talent.fanMemories.list.query({ talentId: otherTalent, chatId }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await refusal(creatorB.client.talent.fanMemories.delete.mutate({ talentId: otherTalent, chatId, memoryId }))).code,
    ).toBe('NOT_FOUND');
  });

  it('pages the twin’s fans with their notes for the creator’s screen, and only that twin’s', async () => {
    const talentId = people.talentA.id;
    const first = await creatorA.client.talent.fanMemories.fans.query({ talentId, limit: 1 });
    expect(first.items).toHaveLength(1);
    const fans = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await creatorA.client.talent.fanMemories.fans.query({ talentId, limit: 1, cursor });
      fans.push(...next.items);
      cursor = next.nextCursor;
    }
    const ours = fans.find((item) => item.chatId === chatId);
    expect(ours?.fan).toMatchObject({ isAnonymous: true, name: '' });
    expect(ours?.memories.map((memory) => memory.kind)).toEqual(['FACT']);
    // Every fan once, and never the stranger, who told the twin nothing.
    expect(new Set(fans.map((item) => item.chatId)).size).toBe(fans.length);
    expect(fans.some((item) => item.chatId === strangerChatId)).toBe(false);

    expect((await refusal(creatorB.client.talent.fanMemories.fans.query({ talentId }))).code).toBe('FORBIDDEN');
    const otherTwin = await creatorB.client.talent.fanMemories.fans.query({ talentId: people.talentB.id });
    expect(otherTwin.items.some((item) => item.chatId === chatId)).toBe(false);
    const forged = await refusal(creatorA.client.talent.fanMemories.fans.query({ talentId, cursor: 'not-a-cursor' }));
    expect(forged.code).toBe('BAD_REQUEST');
  });

  it('lets admins edit and delete, with readable refusals', async () => {
    const empty = await refusal(admin.client.admin.chats.memories.update.mutate({ chatId, memoryId, text: '  ' }));
    expect(empty.code).toBe('BAD_REQUEST');
    expect(empty.fieldErrors?.text).toEqual(['Write what the twin should remember']);

    const added = await api.database.db
      .insert(fanMemories)
      .values({ userId: (await ownerOf(chatId)).userId, talentId: people.talentA.id, kind: 'PREFERENCE', text: 'Loves fado' })
      .returning();
    const duplicate = await refusal(
      admin.client.admin.chats.memories.update.mutate({ chatId, memoryId: added[0]?.id ?? '', text: 'lives in porto' }),
    );
    expect(duplicate.code).toBe('CONFLICT');

    expect(await admin.client.admin.chats.memories.delete.mutate({ chatId, memoryId })).toEqual({ deleted: 1 });
    const { memories } = await admin.client.admin.chats.memories.list.query({ chatId });
    expect(memories.map((memory) => memory.text)).toEqual(['Loves fado']);
    expect((await refusal(admin.client.admin.chats.memories.delete.mutate({ chatId, memoryId }))).code).toBe('NOT_FOUND');
  });
});

async function ownerOf(chatId: string) {
  const [chat] = await api.database.db.select().from(chats).where(eq(chats.id, chatId));
  if (!chat) throw new Error('chat missing');
  return chat;
}
