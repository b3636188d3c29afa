// Knowledge retrieval in a reply through the real API, Postgres and the reply use case the worker
// runs (offline engine): a fan asks about something only a passage of the twin's sources says, the
// reply says it, the prompt log lists the passage with its source title and scores (admin prompt
// view), and the creator's Conversations shows "Based on". Another twin's passages are never
// retrieved, a deleted source stops being used, and an answered question is no knowledge gap.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chatPrompts, knowledgePassages, knowledgeSources, replyDrafts, seedDemoData, talentConfigs } from '@doppel/db';
import { answerFanMessage, PassageVectors } from '@doppel/domain/chat/reply';
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: Caller;
let creatorA: Caller;
const llm = createOfflineLlm();
// One cache for every reply, as in the worker: a deleted source must still drop out.
const passageVectors = new PassageVectors();

const lisbon =
  'I spent the summer of 2023 in Lisbon. My favourite pastry there was the pastel de nata from Manteigaria, ' +
  'still warm, with cinnamon on top. I went back every morning.';

/** A READY source of `talentId` with one passage a `text`, embedded by the reply's own engine. */
async function addSource(talentId: string, title: string, texts: string[]) {
  const { db } = api.database;
  const [source] = await db
    .insert(knowledgeSources)
    .values({
      talentId,
      kind: 'TEXT',
      format: 'TEXT',
      title,
      status: 'READY',
      passageCount: texts.length,
      processedAt: new Date(),
    })
    .returning();
  if (!source) throw new Error('source not stored');
  const embeddings = await llm.embed(texts);
  const passages = await db
    .insert(knowledgePassages)
    .values(
      texts.map((text, position) => ({
        sourceId: source.id,
        talentId,
        revision: source.revision,
        position,
        heading: null,
        text,
        embedding: embeddings[position] ?? [],
      })),
    )
    .returning({ id: knowledgePassages.id });
  return { source, passageIds: passages.map((passage) => passage.id) };
}

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  await api.database.db.insert(talentConfigs).values([{ id: people.talentA.id }, { id: people.talentB.id }]);
  [admin, creatorA] = await Promise.all([
    signIn(api, people.admin.email as string),
    signIn(api, people.creatorA.email as string),
  ]);
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** A new anonymous fan asks talent A `text`; the reply runs as the worker's chat.reply job runs it. */
async function ask(text: string) {
  const fan = createCaller(api);
  const { chat } = await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
  const sent = await fan.client.chat.send.mutate({ chatId: chat.id, text, idempotencyKey: randomUUID() });
  const deps = {
    db: api.database.db,
    llm,
    tts: createUnconfiguredTts(),
    storage: createLocalDiskStorage(filesDir),
    passageVectors,
  };
  const answered = await answerFanMessage(deps, { chatId: chat.id, messageId: sent.message.id });
  if (answered.status !== 'answered') throw new Error(`not answered: ${answered.status}`);
  const [prompt] = await api.database.db.select().from(chatPrompts).where(eq(chatPrompts.id, answered.replyMessageId));
  if (!prompt) throw new Error('the reply has no prompt record');
  const detail = await creatorA.client.talent.conversations.get.query({ talentId: people.talentA.id, chatId: chat.id });
  const reply = detail.messages.find((message) => message.id === answered.replyMessageId);
  if (!reply) throw new Error('the reply is not in Conversations');
  return { chatId: chat.id, replyId: answered.replyMessageId, prompt, reply };
}

describe('knowledge in replies', () => {
  it('answers from a passage, logs it with its source and scores, and shows Based on', async () => {
    const blog = await addSource(people.talentA.id, 'Summer in Lisbon (blog post)', [
      lisbon,
      'My camera bag always has a spare battery, two lenses and a tiny tripod for night shots.',
    ]);
    // Talent B's own material, about the same city: never read for talent A.
    const other = await addSource(people.talentB.id, 'Lisbon guide', [
      'My favourite pastry in Lisbon is the one from Pasteis de Belem, I queue for it every Sunday.',
    ]);

    const asked = await ask('What was your favourite pastry in Lisbon?');
    expect(asked.reply.text).toContain('Manteigaria');
    const [used] = asked.prompt.passages;
    expect(used).toMatchObject({ passageId: blog.passageIds[0], sourceTitle: 'Summer in Lisbon (blog post)', text: lisbon });
    expect(used?.textScore).toBeGreaterThan(0);
    expect(used?.vectorScore).toBeGreaterThan(0);
    expect(used?.score).toBeGreaterThanOrEqual(0.25);
    expect(asked.prompt.passages.map((passage) => passage.passageId)).not.toContain(other.passageIds[0]);
    const system = asked.prompt.messages[0]?.text ?? '';
    expect(system).toContain('[From "Summer in Lisbon (blog post)"]');
    expect(system).not.toContain('Pasteis de Belem');

    // The admin's prompt view lists the passage with its title and scores.
    const view = await admin.client.admin.chats.prompt.query({ chatId: asked.chatId, messageId: asked.replyId });
    expect(view.prompt?.passages[0]).toMatchObject({
      sourceTitle: 'Summer in Lisbon (blog post)',
      score: used?.score,
      textScore: used?.textScore,
      vectorScore: used?.vectorScore,
    });

    // The creator sees what the reply was based on.
    expect(asked.reply.basedOn[0]).toMatchObject({
      sourceId: blog.source.id,
      sourceTitle: 'Summer in Lisbon (blog post)',
      text: lisbon,
    });

    // Answered from knowledge: no gap. A question nothing covers is one.
    const unknown = await ask('Which football team do you support?');
    expect(unknown.prompt.passages).toEqual([]);
    expect(unknown.reply.basedOn).toEqual([]);
    const gaps = await creatorA.client.talent.knowledgeGaps.list.query({ talentId: people.talentA.id });
    expect(gaps.groups.map((group) => group.question)).toEqual(['Which football team do you support?']);

    // A deleted source is never used again, though the cache had its vectors.
    await api.database.db.delete(knowledgeSources).where(eq(knowledgeSources.id, blog.source.id));
    const after = await ask('What was your favourite pastry in Lisbon?');
    expect(after.prompt.passages).toEqual([]);
    expect(after.reply.text).not.toContain('Manteigaria');
    expect(after.reply.basedOn).toEqual([]);
  });

  it('answers the demo twin from its seeded sources, embedding their passages on first use', async () => {
    const fan = createCaller(api);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: 'mia' });
    const sent = await fan.client.chat.send.mutate({
      chatId: chat.id,
      text: 'What was the best meal you ate on Madeira?',
      idempotencyKey: randomUUID(),
    });
    const deps = { db: api.database.db, llm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) };
    const answered = await answerFanMessage(deps, { chatId: chat.id, messageId: sent.message.id });
    if (answered.status !== 'answered') throw new Error(`not answered: ${answered.status}`);
    const [prompt] = await api.database.db.select().from(chatPrompts).where(eq(chatPrompts.id, answered.replyMessageId));
    expect(prompt?.passages[0]).toMatchObject({ sourceTitle: 'Ten days on Madeira (blog post)', heading: 'What I ate' });
    expect(prompt?.responseText).toContain('espetada');
    const [stored] = await api.database.db
      .select({ dimensions: sql<number>`cardinality(${knowledgePassages.embedding})` })
      .from(knowledgePassages)
      .where(eq(knowledgePassages.id, prompt?.passages[0]?.passageId ?? ''));
    expect(stored?.dimensions).toBe((await llm.embed(['x']))[0]?.length);
  });

  it('keeps the passages on a reply held for the creator’s approval', async () => {
    const talentId = people.talentB.id;
    await addSource(talentId, 'Studio notes', ['My studio in Porto has a green velvet sofa and a piano from 1962.']);
    await api.database.db.update(talentConfigs).set({ replyApproval: true }).where(eq(talentConfigs.id, talentId));
    try {
      const fan = createCaller(api);
      const { chat } = await fan.client.chat.open.mutate({ talentTag: people.talentB.tag as string });
      const sent = await fan.client.chat.send.mutate({
        chatId: chat.id,
        text: 'What is in your studio in Porto?',
        idempotencyKey: randomUUID(),
      });
      const deps = { db: api.database.db, llm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) };
      const held = await answerFanMessage(deps, { chatId: chat.id, messageId: sent.message.id });
      expect(held.status).toBe('held');
      const [draft] = await api.database.db.select().from(replyDrafts).where(eq(replyDrafts.fanMessageId, sent.message.id));
      expect(draft?.prompt?.passages?.[0]).toMatchObject({ sourceTitle: 'Studio notes' });
    } finally {
      await api.database.db.update(talentConfigs).set({ replyApproval: false }).where(eq(talentConfigs.id, talentId));
    }
  });

  it('reads only the passages of the current revision of a ready source', async () => {
    const talentId = people.talentB.id;
    const { source } = await addSource(talentId, 'Interview with Radio Surf', [
      'Q: Where did you learn to surf?\nA: I learned to surf in Ericeira when I was twelve, on a borrowed board.',
    ]);
    const fan = createCaller(api);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: people.talentB.tag as string });
    const send = async (text: string) => {
      const sent = await fan.client.chat.send.mutate({ chatId: chat.id, text, idempotencyKey: randomUUID() });
      const deps = {
        db: api.database.db,
        llm,
        tts: createUnconfiguredTts(),
        storage: createLocalDiskStorage(filesDir),
        passageVectors,
      };
      const answered = await answerFanMessage(deps, { chatId: chat.id, messageId: sent.message.id });
      if (answered.status !== 'answered') throw new Error(`not answered: ${answered.status}`);
      const [prompt] = await api.database.db.select().from(chatPrompts).where(eq(chatPrompts.id, answered.replyMessageId));
      return prompt;
    };
    const first = await send('Where did you learn to surf?');
    expect(first?.passages[0]?.sourceTitle).toBe('Interview with Radio Surf');
    expect(first?.responseText).toContain('Ericeira');
    // Re-ingesting (a new revision, not yet processed): the old revision's passages are not read.
    await api.database.db
      .update(knowledgeSources)
      .set({ revision: source.revision + 1, status: 'PROCESSING' })
      .where(eq(knowledgeSources.id, source.id));
    const second = await send('Where did you learn to surf?');
    expect(second?.passages).toEqual([]);
  });
});
