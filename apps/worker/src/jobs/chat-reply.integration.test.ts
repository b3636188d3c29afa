// The chat.reply job against a real database and the real `openai` SDK talking to a local fake
// OpenAI server (and a fake ElevenLabs for voice notes). The demo data gives the twin Mia with her
// persona, FAQ, gallery and voice; each test opens a fresh fan chat with her.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chatMessages,
  chatPrompts,
  chats,
  faqItems,
  listRecordedChanges,
  seedDemoData,
  talentConfigs,
  talentManagers,
  talents,
  users,
} from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import {
  type AnswerFanMessageInput,
  answerFanMessage,
  QuestionVectors,
  type ReplyDeps,
  replyFallbackText,
} from '@doppel/domain/chat/reply';
import { type FileStorage, LlmError, type LlmPort } from '@doppel/domain/ports';
import { createElevenLabsTts, createLocalDiskStorage, createOfflineLlm, createOpenAiLlm } from '@doppel/integrations';
import { type FakeElevenLabs, type FakeOpenAi, startFakeElevenLabs, startFakeOpenAi } from '@doppel/integrations/testing';
import { createBoss, enqueue, withJobOrigin } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { startWorker } from '../worker.ts';
import { runChatReply } from './chat-reply.ts';
import type { WorkerServices } from './types.ts';

let database: TestDatabase;
let openai: FakeOpenAi;
let elevenLabs: FakeElevenLabs;
let filesDir: string;
let storage: FileStorage;
let mia: { id: string; fineTunedModelId: string };

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  const [row] = await database.db
    .select({ id: talents.id, fineTunedModelId: talentConfigs.llmFineTunedModelId })
    .from(talents)
    .innerJoin(talentConfigs, eq(talentConfigs.id, talents.id))
    .where(eq(talents.tag, 'mia'));
  if (!row?.fineTunedModelId) throw new Error('demo twin mia missing');
  mia = { id: row.id, fineTunedModelId: row.fineTunedModelId };
  openai = await startFakeOpenAi();
  elevenLabs = await startFakeElevenLabs();
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-reply-'));
  storage = createLocalDiskStorage(filesDir);
});
afterAll(async () => {
  await openai?.close();
  await elevenLabs?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  await database?.drop();
});
beforeEach(() => openai.reset());

const openAiLlm = (): LlmPort => createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url });

function deps(overrides: Partial<ReplyDeps> = {}): ReplyDeps {
  return {
    db: database.db,
    llm: openAiLlm(),
    tts: createElevenLabsTts({ apiKey: elevenLabs.apiKey, baseURL: elevenLabs.url }),
    storage,
    ...overrides,
  };
}

/** A new anonymous fan with a chat with Mia: her welcome message, then the fan's message. */
async function fanMessage(text: string): Promise<AnswerFanMessageInput & { fanId: string }> {
  const { db } = database;
  const [fan] = await db.insert(users).values({ isAnonymous: true, credits: 10 }).returning({ id: users.id });
  if (!fan) throw new Error('fan insert failed');
  const [chat] = await db
    .insert(chats)
    .values({ talentId: mia.id, userId: fan.id, chatMessageCount: 2 })
    .returning({ id: chats.id });
  if (!chat) throw new Error('chat insert failed');
  await db.insert(chatMessages).values({
    chatId: chat.id,
    senderType: 'TALENT',
    text: 'Hey you! I’m Mia’s AI twin.',
    createdAt: new Date(Date.now() - 60_000),
  });
  const [message] = await db
    .insert(chatMessages)
    .values({ chatId: chat.id, senderType: 'USER', text })
    .returning({ id: chatMessages.id });
  if (!message) throw new Error('message insert failed');
  return { chatId: chat.id, messageId: message.id, fanId: fan.id };
}

async function repliesTo(messageId: string) {
  return database.db.select().from(chatMessages).where(eq(chatMessages.replyToMessageId, messageId));
}

async function promptOf(replyId: string) {
  const [prompt] = await database.db.select().from(chatPrompts).where(eq(chatPrompts.id, replyId));
  if (!prompt) throw new Error(`no chat prompt for ${replyId}`);
  return prompt;
}

async function answered(input: AnswerFanMessageInput, overrides: Partial<ReplyDeps> = {}) {
  const result = await answerFanMessage(deps(overrides), input);
  if (result.status !== 'answered' && result.status !== 'fallback') throw new Error(`not answered: ${JSON.stringify(result)}`);
  const [reply] = await repliesTo(input.messageId);
  if (!reply) throw new Error('reply row missing');
  return { result, reply, prompt: await promptOf(reply.id) };
}

describe('chat.reply through the openai SDK', () => {
  it('posts a plain reply with its ChatPrompt: model, temperature, messages sent, functions, usage', async () => {
    const input = await fanMessage('Hi Mia, how is Lisbon today?');
    openai.script({ text: 'Sunny and loud, just how I like it ☀️ You?', usage: { promptTokens: 321, completionTokens: 12 } });

    const { result, reply, prompt } = await answered(input);

    expect(result).toMatchObject({ status: 'answered', engine: 'openai', attachment: null });
    expect(reply).toMatchObject({ senderType: 'TALENT', text: 'Sunny and loud, just how I like it ☀️ You?', attachments: [] });
    const [sent] = openai.chatRequests();
    expect(sent?.model, 'the talent’s fine-tuned model').toBe(mia.fineTunedModelId);
    expect(sent?.temperature).toBe(0.9);
    expect(sent?.tools?.map((tool) => tool.function.name)).toEqual(['generate_image_attachment', 'generate_audio_attachment']);
    expect(sent?.messages.map((message) => message.role)).toEqual(['system', 'assistant', 'user']);
    expect(sent?.messages[0]?.content).toContain('You are the AI twin of Mia Moreno, a 27-year-old creator');
    expect(sent?.messages[0]?.content).toContain('- Has a rescue cat called Churro');

    expect(prompt).toMatchObject({
      chatId: input.chatId,
      llmType: 'OPENAI',
      llmFineTunedModelId: mia.fineTunedModelId,
      llmTemperature: 0.9,
      faqItems: [],
      faqMinScore: 0.35,
      tokenUsage: { promptTokens: 321, completionTokens: 12, totalTokens: 333 },
      responseText: 'Sunny and loud, just how I like it ☀️ You?',
      responseFallbackText: null,
      responseFunction: null,
    });
    expect(prompt.messages.map((message) => message.type)).toEqual(['SYSTEM', 'TALENT', 'USER']);
    expect(prompt.messages.at(-1)?.text).toBe('Hi Mia, how is Lisbon today?');
    expect(prompt.functions.map((fn) => fn.name)).toEqual(['generate_image_attachment', 'generate_audio_attachment']);
    expect(prompt.functions[0]?.parameters).toMatchObject({ required: ['context', 'successText', 'failureText'] });

    const [chat] = await database.db.select().from(chats).where(eq(chats.id, input.chatId));
    expect(chat?.chatMessageCount).toBe(3);
    const events = (await listRecordedChanges(database.db)).filter((event) => event.rowId === reply.id);
    expect(events).toEqual([
      expect.objectContaining({ entity: 'chat_messages', scopes: [`chat:${input.chatId}`, `talent:${mia.id}`, 'admin'] }),
    ]);
  });

  it('tells the twin it talks with its creator when the fan manages the twin, and not otherwise', async () => {
    const creator = await fanMessage('Testing you!');
    await database.db.insert(talentManagers).values({ talentId: mia.id, userId: creator.fanId });
    const fan = await fanMessage('Testing you!');
    openai.script({ text: 'Hi boss' }, { text: 'Hi you' });
    expect((await answered(creator)).prompt.messages[0]?.text).toContain('the creator is testing you');
    expect((await answered(fan)).prompt.messages[0]?.text).not.toContain('the creator is testing you');
  });

  it('sends the gallery image whose context best matches the image call, locked', async () => {
    const input = await fanMessage('Can I see your cat?');
    openai.script({
      toolCall: {
        name: 'generate_image_attachment',
        arguments: { context: 'my orange cat', successText: 'Meet Churro, the drama king 🐈', failureText: 'No cat pics yet!' },
      },
    });

    const { result, reply, prompt } = await answered(input);

    expect(result).toMatchObject({ status: 'answered', attachment: 'IMAGE' });
    expect(reply.text).toBe('Meet Churro, the drama king 🐈');
    expect(reply.attachments).toEqual([
      {
        type: 'IMAGE',
        filePath: `talents/${mia.id}/gallery/churro-the-cat.jpg`,
        dimensions: { width: 1080, height: 1350 },
        isUnlocked: false,
      },
    ]);
    expect(prompt.responseFunction?.name).toBe('generate_image_attachment');
    expect(JSON.parse(prompt.responseFunction?.arguments ?? '{}')).toMatchObject({ context: 'my orange cat' });
    expect(prompt.responseFallbackText).toBe('Meet Churro, the drama king 🐈');
  });

  it('sends the first image unlocked when creditsToUnlockFirstImage is 0, and the next one locked', async () => {
    await database.db.update(talents).set({ creditsToUnlockFirstImage: 0 }).where(eq(talents.id, mia.id));
    try {
      const first = await fanMessage('Show me surfing!');
      const image = (context: string) => ({
        toolCall: { name: 'generate_image_attachment', arguments: { context, successText: 'Here!', failureText: 'Nope' } },
      });
      openai.script(image('surfing in Ericeira'));
      const { reply } = await answered(first);
      expect(reply.attachments[0]).toMatchObject({ type: 'IMAGE', isUnlocked: true });

      const [second] = await database.db
        .insert(chatMessages)
        .values({ chatId: first.chatId, senderType: 'USER', text: 'And yoga?' })
        .returning({ id: chatMessages.id });
      if (!second) throw new Error('insert failed');
      openai.script(image('sunrise yoga'));
      const { reply: next } = await answered({ chatId: first.chatId, messageId: second.id });
      expect(next.attachments[0]).toMatchObject({ filePath: expect.stringContaining('rooftop-yoga'), isUnlocked: false });
    } finally {
      await database.db.update(talents).set({ creditsToUnlockFirstImage: 2 }).where(eq(talents.id, mia.id));
    }
  });

  it('records a voice note: ElevenLabs speaks with the talent’s voice, the audio is stored AI-marked and attached locked', async () => {
    const input = await fanMessage('Can I hear your voice?');
    openai.script({
      toolCall: {
        name: 'generate_audio_attachment',
        arguments: { successText: 'Hi you, it’s Mia! Greetings from Lisbon.', failureText: 'Voice is gone today!' },
      },
    });
    const before = elevenLabs.requests.length;

    const { result, reply, prompt } = await answered(input);

    expect(result).toMatchObject({ status: 'answered', attachment: 'AUDIO' });
    const path = `talents/${mia.id}/voice-notes/${reply.id}.mp3`;
    expect(reply.attachments).toEqual([{ type: 'AUDIO', filePath: path, isUnlocked: false }]);
    expect(reply.text).toBe('Hi you, it’s Mia! Greetings from Lisbon.');
    const stored = await storage.read(path);
    expect(stored?.contentType).toBe('audio/mpeg');
    expect(stored?.bytes.length).toBeGreaterThan(0);
    // The AI mark, read by a tag library the product does not write with: ID3 names the twin and IPTC's source type.
    const tags = await parseBuffer(stored?.bytes ?? new Uint8Array(), { mimeType: 'audio/mpeg' });
    expect(tags.common.artist).toBe('Mia Moreno (AI voice)');
    expect(tags.native['ID3v2.4']).toContainEqual({
      id: 'TXXX:DigitalSourceType',
      value: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
    });
    const speech = elevenLabs.requests.slice(before);
    expect(speech).toHaveLength(1);
    expect(JSON.stringify(speech[0])).toContain('21m00Tcm4TlvDq8ikWAM');
    expect(JSON.stringify(speech[0])).toContain('Greetings from Lisbon');
    expect(prompt.responseFunction?.name).toBe('generate_audio_attachment');
  });

  it('falls back to a text reply when text to speech fails, and the prompt records why', async () => {
    const input = await fanMessage('Say hi to me!');
    openai.script({
      toolCall: {
        name: 'generate_audio_attachment',
        arguments: { successText: 'Hiii!', failureText: 'My voice is gone, texting instead 💛' },
      },
    });
    elevenLabs.failNext(500, 'synthesis exploded');

    const { result, reply, prompt } = await answered(input);

    expect(result).toMatchObject({ status: 'answered', attachment: null });
    expect(reply).toMatchObject({ text: 'My voice is gone, texting instead 💛', attachments: [] });
    expect(prompt.responseFallbackText).toMatch(/^My voice is gone, texting instead 💛\n\[voice note failed: TtsError/);
  });

  it('rethrows a retryable model error for a retry, then posts the fallback with the error on the final attempt', async () => {
    const input = await fanMessage('Are you there?');
    openai.script({ error: { status: 503, message: 'overloaded' } });
    const error = await answerFanMessage(deps(), input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(true);
    expect(await repliesTo(input.messageId), 'nothing posted before the final attempt').toEqual([]);
    expect(await database.db.select().from(chatPrompts).where(eq(chatPrompts.chatId, input.chatId))).toEqual([]);

    openai.script({ error: { status: 503, message: 'still overloaded' } });
    const { result, reply, prompt } = await answered({ ...input, isFinalAttempt: true });
    expect(result).toMatchObject({ status: 'fallback', error: expect.stringContaining('HTTP 503') });
    expect(reply).toMatchObject({ senderType: 'TALENT', text: replyFallbackText, attachments: [] });
    expect(prompt.responseText).toBeNull();
    expect(prompt.responseFallbackText).toContain(replyFallbackText);
    expect(prompt.responseFallbackText).toMatch(/\[model error: LlmError: .*HTTP 503.*still overloaded/);
    expect(prompt.messages.at(-1)).toEqual({ type: 'USER', text: 'Are you there?' });
  });

  it('posts the fallback at once for a non-retryable model error (bad request), without waiting for retries', async () => {
    const input = await fanMessage('Hello?');
    openai.script({ error: { status: 400, message: 'context_length_exceeded' } });
    const { result, reply } = await answered(input);
    expect(result.status).toBe('fallback');
    expect(reply.text).toBe(replyFallbackText);
  });

  it('matches FAQ items by embedding: scores in the prompt record, the FAQ text in the system prompt, vectors cached', async () => {
    const input = await fanMessage('How do the credits work here?');
    openai.script({ text: 'Each message is a credit, free ones go first 😊' });

    const { prompt } = await answered(input);

    expect(prompt.faqItems[0]).toEqual({ question: 'How do credits work?', score: expect.any(Number) });
    expect(prompt.faqItems[0]?.score).toBeGreaterThanOrEqual(0.35);
    for (const item of prompt.faqItems) expect(item.score).toBeGreaterThanOrEqual(prompt.faqMinScore ?? 1);
    const scores = prompt.faqItems.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(prompt.faqItems.length).toBeLessThanOrEqual(3);
    const system = prompt.messages[0]?.text ?? '';
    expect(system).toContain('The fan’s message may be answered by these frequently asked questions'.replace('’', "'"));
    expect(system).toContain('Q: How do credits work?\nA: Every message costs a few credits');
    expect(openai.chatRequests()[0]?.messages[0]?.content).toBe(system);

    const embedded = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(faqItems)
      .where(isNotNull(faqItems.embedding));
    expect(embedded[0]?.count, 'question embeddings are cached').toBeGreaterThan(0);
  });

  it('embeds each FAQ question once: the worker keeps the vectors, and a new worker reads them back', async () => {
    await database.db.update(faqItems).set({ embedding: null });
    const questions = await database.db.select({ question: faqItems.question }).from(faqItems);
    const embedded = () =>
      openai.requests.flatMap((request) =>
        request.path === '/v1/embeddings' ? [(request.body as { input: string | string[] }).input].flat() : [],
      );
    const text = 'How do the credits work here?';
    const memo = new QuestionVectors();

    const first = await answered(await fanMessage(text), { questionVectors: memo });
    expect(embedded()).toEqual(expect.arrayContaining([text, ...questions.map((row) => row.question)]));
    const stored = await database.db.select({ embedding: faqItems.embedding }).from(faqItems);
    expect(
      stored.every((row) => (row.embedding?.length ?? 0) > 0),
      'every question vector is stored',
    ).toBe(true);

    openai.reset();
    const restarted = await answered(await fanMessage(text), { questionVectors: new QuestionVectors() });
    expect(embedded(), 'a new worker reads the stored vectors').toEqual([text]);

    // With the stored vectors gone, the first worker still has them in memory.
    await database.db.update(faqItems).set({ embedding: null });
    openai.reset();
    const second = await answered(await fanMessage(text), { questionVectors: memo });
    expect(embedded(), 'the same worker embeds only the fan’s message').toEqual([text]);

    // Stored vectors are single precision: the scores agree to about seven digits.
    const matches = first.prompt.faqItems.map(({ question, score }) => ({ question, score: expect.closeTo(score, 6) }));
    expect(matches.length).toBeGreaterThan(0);
    expect(second.prompt.faqItems).toEqual(matches);
    expect(restarted.prompt.faqItems).toEqual(matches);
  });

  it('never posts a second answer: a rerun finds the reply, and concurrent runs post exactly one', async () => {
    const input = await fanMessage('Tell me a secret');
    const first = await answerFanMessage(deps(), input);
    expect(first.status).toBe('answered');
    const again = await answerFanMessage(deps(), input);
    expect(again).toEqual({ status: 'already-answered', replyMessageId: (first as { replyMessageId: string }).replyMessageId });

    const racing = await fanMessage('Tell me another one');
    const results = await Promise.all(Array.from({ length: 6 }, () => answerFanMessage(deps(), racing)));
    expect(results.filter((result) => result.status === 'answered')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'already-answered')).toHaveLength(5);
    expect(await repliesTo(racing.messageId)).toHaveLength(1);
    expect(await database.db.select().from(chatPrompts).where(eq(chatPrompts.chatId, racing.chatId))).toHaveLength(1);
    const [chat] = await database.db.select().from(chats).where(eq(chats.id, racing.chatId));
    expect(chat?.chatMessageCount, 'counted once').toBe(3);
  });

  it('stores nothing when a safety reply commits while the store waits for the chat, and stores once when only the chat changed', async () => {
    // The store is one statement with one snapshot, taken before it waits for the chat's row (store-reply.ts).
    const storeWaiting = () =>
      vi.waitFor(
        async () => {
          const [row] = await database.db.execute<{ waiting: number }>(
            sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database()
              and wait_event_type = 'Lock' and query like '%with seen as%'`,
          );
          expect(row?.waiting).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
    const offline = deps({ llm: createOfflineLlm() });

    // A send of the fan's commits on the chat's row meanwhile: the store runs again and stores once.
    const changed = await fanMessage('Are you around?');
    let reply: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await tx
        .update(chats)
        .set({ chatMessageCount: sql`${chats.chatMessageCount} + 1` })
        .where(eq(chats.id, changed.chatId));
      reply = answerFanMessage(offline, changed);
      await storeWaiting();
    });
    expect(await reply).toMatchObject({ status: 'answered' });
    expect(await repliesTo(changed.messageId)).toHaveLength(1);

    // The safety reply to a later message commits meanwhile: the twin's answer is not stored.
    const crisis = await fanMessage('Hey');
    await database.db.transaction(async (tx) => {
      await tx
        .update(chats)
        .set({ chatMessageCount: sql`${chats.chatMessageCount} + 1` })
        .where(eq(chats.id, crisis.chatId));
      await tx
        .insert(chatMessages)
        .values({ chatId: crisis.chatId, senderType: 'TALENT', text: 'Please reach out.', isSafetyReply: true });
      reply = answerFanMessage(offline, crisis);
      await storeWaiting();
    });
    expect(await reply).toEqual({ status: 'skipped', reason: 'a safety reply came after it' });
    expect(await repliesTo(crisis.messageId)).toEqual([]);
  });

  it('lets the offline engine answer the demo twin with no network: a text reply and a locked photo', async () => {
    const offline = { llm: createOfflineLlm() };
    const requestsBefore = openai.requests.length;
    const text = await fanMessage('Where do you live?');
    const { result, reply, prompt } = await answered(text, offline);
    expect(result).toMatchObject({ status: 'answered', engine: 'offline' });
    expect(reply.text.length).toBeGreaterThan(0);
    expect(prompt.llmType).toBe('OFFLINE');
    expect(prompt.faqItems[0]?.question).toBe('Where do you live?');

    const photo = await fanMessage('Send me a pic of your cat');
    const { reply: withPhoto } = await answered(photo, offline);
    expect(withPhoto.attachments).toEqual([expect.objectContaining({ type: 'IMAGE', isUnlocked: false })]);
    expect(openai.requests.length, 'no request left the process').toBe(requestsBefore);
  });
});

describe('chat.reply through pg-boss', () => {
  let client: PgBoss;
  afterAll(async () => {
    await client?.stop({ graceful: false });
  });

  it('answers an enqueued fan message through the worker, and the handler is idempotent on redelivery', async () => {
    const services: WorkerServices = {
      llm: openAiLlm(),
      tts: createElevenLabsTts({ apiKey: elevenLabs.apiKey, baseURL: elevenLabs.url }),
      storage,
    };
    const worker = await startWorker({ databaseUrl: database.url, services });
    try {
      client = createBoss(database.url, { role: 'client' });
      await client.start();
      const input = await fanMessage('Queue me a reply');
      openai.script({ text: 'Straight from the worker 👋' });
      // Sent as the API sends it, inside a request: the reply's follow-up job carries the same origin.
      await withJobOrigin({ requestId: 'fan-request-1' }, () =>
        enqueue(client, 'chat.reply', { chatId: input.chatId, messageId: input.messageId }),
      );

      await expect
        .poll(async () => (await repliesTo(input.messageId)).map((reply) => reply.text), { timeout: 10_000, interval: 25 })
        .toEqual(['Straight from the worker 👋']);
      const replies = await repliesTo(input.messageId);
      const [remember] = await database.sql<{ data: Record<string, unknown> }[]>`
        select data from pgboss.job where name = 'chat.remember' and data->>'messageId' = ${input.messageId}`;
      expect(remember?.data).toEqual({
        chatId: input.chatId,
        messageId: input.messageId,
        $origin: { requestId: 'fan-request-1' },
      });

      // A redelivered job (crash after commit) finds the answer and posts nothing.
      const log = silentLogger;
      const output = await runChatReply(input, {
        db: database.db,
        log,
        job: { id: 'redelivered', name: 'chat.reply', retryCount: 1 },
        services,
      });
      expect(output).toEqual({ status: 'already-answered', replyMessageId: replies[0]?.id });
      expect(await repliesTo(input.messageId)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('posts the fallback on the last retry of the job', async () => {
    const input = await fanMessage('Last chance');
    openai.script({ error: { status: 500 } });
    const log = silentLogger;
    const services: WorkerServices = {
      llm: openAiLlm(),
      tts: createElevenLabsTts({ apiKey: 'x', baseURL: elevenLabs.url }),
      storage,
    };
    const context = (retryCount: number) => ({
      db: database.db,
      log,
      job: { id: 'job', name: 'chat.reply' as const, retryCount },
      services,
    });
    await expect(runChatReply(input, context(0))).rejects.toBeInstanceOf(LlmError);
    openai.script({ error: { status: 500 } });
    const output = await runChatReply(input, context(3));
    expect(output).toMatchObject({ status: 'fallback' });
    const [reply] = await database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.replyToMessageId, input.messageId), eq(chatMessages.senderType, 'TALENT')));
    expect(reply?.text).toBe(replyFallbackText);
  });
});
