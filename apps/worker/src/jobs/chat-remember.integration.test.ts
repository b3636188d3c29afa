// Per-fan memory through a real worker: the chat.reply job enqueues chat.remember with its reply,
// the real `openai` SDK asks the local fake with a JSON schema, the notes are stored per fan and
// twin, and the next reply's prompt carries them. The demo twin Mia is the twin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatMessages, chatPrompts, chats, fanMemories, seedDemoData, users } from '@doppel/db';
import { createTestDatabase, demoTwinId, type TestDatabase } from '@doppel/db/testing';
import { deleteChatMemory } from '@doppel/domain/chat';
import { createLocalDiskStorage, createOpenAiLlm, createUnconfiguredTts } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { createBoss, enqueue } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import { asc, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type RunningWorker, startWorker } from '../worker.ts';
import { runChatRemember } from './chat-remember.ts';
import type { WorkerServices } from './types.ts';

let database: TestDatabase;
let openai: FakeOpenAi;
let filesDir: string;
let services: WorkerServices;
let worker: RunningWorker;
let client: PgBoss;
let miaId: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  miaId = await demoTwinId(database.db);
  openai = await startFakeOpenAi();
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-remember-'));
  services = {
    llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }),
    tts: createUnconfiguredTts(),
    storage: createLocalDiskStorage(filesDir),
  };
  worker = await startWorker({ databaseUrl: database.url, services });
  client = createBoss(database.url, { role: 'client' });
  await client.start();
});
afterAll(async () => {
  await client?.stop({ graceful: false });
  await worker?.stop();
  await openai?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  await database?.drop();
});

async function newFan() {
  const { db } = database;
  const [fan] = await db.insert(users).values({ isAnonymous: true, credits: 10 }).returning({ id: users.id });
  if (!fan) throw new Error('fan insert failed');
  const [chat] = await db.insert(chats).values({ talentId: miaId, userId: fan.id }).returning({ id: chats.id });
  if (!chat) throw new Error('chat insert failed');
  return { fanId: fan.id, chatId: chat.id };
}

const memoriesOf = (fanId: string) =>
  database.db.select().from(fanMemories).where(eq(fanMemories.userId, fanId)).orderBy(asc(fanMemories.text));

/** The fan sends `text`; the worker answers it. Returns the reply's ChatPrompt and the system message the model saw. */
async function exchange(chatId: string, text: string, reply: string) {
  const [message] = await database.db
    .insert(chatMessages)
    .values({ chatId, senderType: 'USER', text })
    .returning({ id: chatMessages.id });
  if (!message) throw new Error('message insert failed');
  openai.script({ text: reply });
  await enqueue(client, 'chat.reply', { chatId, messageId: message.id });
  const [answer] = await vi.waitFor(
    async () => {
      const rows = await database.db.select().from(chatMessages).where(eq(chatMessages.replyToMessageId, message.id));
      expect(rows, 'the reply').not.toHaveLength(0);
      return rows;
    },
    { timeout: 20_000, interval: 25 },
  );
  const [prompt] = await database.db
    .select()
    .from(chatPrompts)
    .where(eq(chatPrompts.id, answer?.id ?? ''));
  if (!prompt) throw new Error('no ChatPrompt');
  const request = openai.chatRequests().find((body) => body.messages.some((entry) => entry.content === text));
  return { messageId: message.id, prompt, system: request?.messages[0]?.content ?? '' };
}

describe('per-fan memory', () => {
  it('remembers a name and a dog, uses them in the next prompt, forgets a deleted one, and keeps them from other fans', async () => {
    const sam = await newFan();
    openai.scriptJson({
      text: JSON.stringify({
        memories: [
          { kind: 'NAME', text: 'Name: Sam' },
          { kind: 'FACT', text: 'Has a dog named Rex' },
        ],
      }),
    });
    const first = await exchange(sam.chatId, 'Hi Mia! My name is Sam and my dog is called Rex', 'Nice to meet you both!');
    expect(first.prompt.memories).toEqual([]);

    await expect.poll(() => memoriesOf(sam.fanId), { timeout: 20_000, interval: 25 }).toHaveLength(2);
    const stored = await memoriesOf(sam.fanId);
    expect(stored.map((row) => [row.kind, row.text, row.talentId, row.sourceMessageId])).toEqual([
      ['FACT', 'Has a dog named Rex', miaId, first.messageId],
      ['NAME', 'Name: Sam', miaId, first.messageId],
    ]);
    // The extraction went through the SDK as structured output, with the exchange in it.
    const extraction = openai.jsonRequests()[0];
    expect(extraction?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'fan_memories', strict: true },
    });
    expect(JSON.stringify(extraction?.messages)).toContain('my dog is called Rex');

    const second = await exchange(sam.chatId, 'What should we do this weekend?', 'A long walk with Rex, Sam!');
    expect(second.system).toContain('What you remember about this fan');
    expect(second.system).toContain('- Name: Sam');
    expect(second.system).toContain('- Has a dog named Rex');
    expect(second.prompt.memories.map((memory) => memory.text).sort()).toEqual(['Has a dog named Rex', 'Name: Sam']);

    const dog = stored.find((row) => row.kind === 'FACT');
    await database.db.transaction((tx) =>
      deleteChatMemory(
        tx,
        { id: sam.fanId, role: 'USER', managedTalentIds: [] },
        { chatId: sam.chatId, memoryId: dog?.id ?? '' },
        { as: 'fan' },
      ),
    );
    const third = await exchange(sam.chatId, 'Any plans for you?', 'Work, then the beach!');
    expect(third.system).toContain('- Name: Sam');
    expect(third.system).not.toContain('Rex');
    expect(third.prompt.memories.map((memory) => memory.text)).toEqual(['Name: Sam']);

    const other = await newFan();
    const stranger = await exchange(other.chatId, 'Hello Mia, who am I?', 'Tell me!');
    expect(stranger.system).not.toContain('Sam');
    expect(stranger.system).not.toContain('Rex');
    expect(stranger.prompt.memories).toEqual([]);
    // Every exchange that may tell something about the fan asked for its notes (the later ones got
    // the fake's empty answer); "Any plans for you?" asks only about the twin, and no job read it.
    await expect.poll(() => openai.jsonRequests().length, { timeout: 20_000, interval: 25 }).toBeGreaterThanOrEqual(3);
    const readFor = async (messageId: string) =>
      (await database.sql`select 1 from pgboss.job where name = 'chat.remember' and data->>'messageId' = ${messageId}`).length;
    expect([await readFor(second.messageId), await readFor(third.messageId), await readFor(stranger.messageId)]).toEqual([
      1, 0, 1,
    ]);
  });

  it('stores the notes of a message once, whether the job is redelivered or runs twice at once', async () => {
    const fan = await newFan();
    const [message] = await database.db
      .insert(chatMessages)
      .values({ chatId: fan.chatId, senderType: 'USER', text: 'I live in Porto and I love surfing' })
      .returning({ id: chatMessages.id });
    if (!message) throw new Error('message insert failed');
    const notes = JSON.stringify({
      memories: [
        { kind: 'FACT', text: 'Lives in Porto' },
        { kind: 'PREFERENCE', text: 'Loves surfing' },
      ],
    });
    // Two runs at once, each with its own (here differing) model answer: one set is kept.
    openai.scriptJson(
      { text: notes },
      { text: JSON.stringify({ memories: [{ kind: 'PREFERENCE', text: 'Really loves surfing' }] }) },
    );
    const log = silentLogger;
    const context = (id: string) => ({
      db: database.db,
      log,
      job: { id, name: 'chat.remember' as const, retryCount: 0 },
      services,
    });
    const payload = { chatId: fan.chatId, messageId: message.id };
    const outputs = await Promise.all([runChatRemember(payload, context('a')), runChatRemember(payload, context('b'))]);
    expect(outputs.map((output) => output.status).sort()).toEqual(['already-remembered', 'stored']);
    const kept = await memoriesOf(fan.fanId);
    expect(kept).toHaveLength(outputs.find((output) => output.status === 'stored')?.stored as number);

    const requestsBefore = openai.jsonRequests().length;
    expect(await runChatRemember(payload, context('redelivered'))).toEqual({ status: 'already-remembered' });
    expect(openai.jsonRequests()).toHaveLength(requestsBefore);
    expect(await memoriesOf(fan.fanId)).toEqual(kept);
  });
});
