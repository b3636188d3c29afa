// The twin never claims to be a person: with a real model (the `openai` SDK against the local fake),
// the system prompt the default template builds tells the twin to say it is an AI when a fan asks,
// and carries no instruction to hide it (issue 26). The demo twin Mia is the twin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatMessages, chats, seedDemoData, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createLocalDiskStorage, createOpenAiLlm, createUnconfiguredTts } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { createBoss, enqueue } from '@doppel/jobs';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type RunningWorker, startWorker } from '../worker.ts';

let database: TestDatabase;
let openai: FakeOpenAi;
let filesDir: string;
let worker: RunningWorker;
let client: PgBoss;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  openai = await startFakeOpenAi();
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-honesty-'));
  worker = await startWorker({
    databaseUrl: database.url,
    services: {
      llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }),
      tts: createUnconfiguredTts(),
      storage: createLocalDiskStorage(filesDir),
    },
  });
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

describe('the default chat prompt', () => {
  it('tells the twin to say it is an AI twin when a fan asks, never to deny it', async () => {
    const { db } = database;
    const [mia] = await db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
    const [fan] = await db.insert(users).values({ isAnonymous: true, credits: 10 }).returning({ id: users.id });
    if (!mia || !fan) throw new Error('set-up failed');
    const [chat] = await db.insert(chats).values({ talentId: mia.id, userId: fan.id }).returning({ id: chats.id });
    const question = 'Wait, are you a bot or the real Mia?';
    const [message] = await db
      .insert(chatMessages)
      .values({ chatId: chat?.id ?? '', senderType: 'USER', text: question })
      .returning({ id: chatMessages.id });
    if (!chat || !message) throw new Error('set-up failed');
    openai.script({ text: "I'm Mia's AI twin, not Mia in person, but I'm all ears!" });
    await enqueue(client, 'chat.reply', { chatId: chat.id, messageId: message.id });

    const request = await vi.waitFor(
      () => {
        const found = openai.chatRequests().find((body) => body.messages.some((entry) => entry.content === question));
        if (!found) throw new Error('the model has not been asked yet');
        return found;
      },
      { timeout: 20_000, interval: 50 },
    );
    const system = String(request.messages[0]?.content ?? '');
    expect(system).toContain('You are the AI twin of Mia Moreno');
    expect(system).toContain(
      "If the fan asks whether you are an AI, a bot or the real Mia Moreno, say honestly that you are Mia Moreno's AI twin",
    );
    expect(system).not.toMatch(/never (mention|say|admit|reveal).{0,40}\bAI\b/i);
  });
});
