// What the worker logs when a streamed draft cannot be published. The draft goes out as the
// parameter of a NOTIFY; a reply dense with quotes grows past NOTIFY's 8,000 bytes once escaped
// into JSON, and Postgres refuses it. The "reply draft failed" warning had carried the failed
// statement's parameters, that is the twin's words to the fan; it must carry ids and codes only.
import { chatMessages, chats, seedDemoData, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createOpenAiLlm } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { createLogger } from '@doppel/logging';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { runChatReply } from './chat-reply.ts';
import { createOfflineWorkerServices } from './chat-reply-services.ts';

let database: TestDatabase;
let openai: FakeOpenAi;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  openai = await startFakeOpenAi();
});
afterAll(async () => {
  await openai?.close();
  await database?.drop();
});

it('logs a refused draft with its chat and the error code, not the draft text', async () => {
  const { db } = database;
  const [mia] = await db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
  const [fan] = await db.insert(users).values({ isAnonymous: true, credits: 10 }).returning({ id: users.id });
  if (!mia || !fan) throw new Error('fixtures missing');
  const [chat] = await db.insert(chats).values({ talentId: mia.id, userId: fan.id, chatMessageCount: 1 }).returning();
  if (!chat) throw new Error('chat insert failed');
  const [message] = await db
    .insert(chatMessages)
    .values({ chatId: chat.id, senderType: 'USER', text: 'Quote me something' })
    .returning();
  if (!message) throw new Error('message insert failed');
  // About 6,000 bytes of text, over 10,000 once every quote is escaped for the NOTIFY's JSON.
  const secret = 'tangerine-lighthouse';
  const reply = `${secret} ${'"""" '.repeat(1_200)}`;
  // A pause between tokens, so the reply is streamed in several drafts as with a real model.
  openai.script({ text: reply, tokenDelayMs: 2 });

  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  try {
    await runChatReply(
      { chatId: chat.id, messageId: message.id },
      {
        db,
        log: createLogger('info', { service: 'worker' }),
        job: { id: 'job-1', name: 'chat.reply', retryCount: 0 },
        services: { ...createOfflineWorkerServices(), llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }) },
      },
    );
  } finally {
    stderr.mockRestore();
    stdout.mockRestore();
  }

  const lines = written.join('');
  const failure = lines.split('\n').find((line) => line.includes('reply draft failed'));
  expect(failure, lines.slice(0, 2_000)).toBeDefined();
  // Postgres's "payload string too long": the code says what happened.
  expect(failure).toContain('22023');
  expect(lines).not.toContain(secret);
  expect(lines).not.toContain('""""');
  expect(lines).not.toMatch(/pg_notify|params:/);
});
