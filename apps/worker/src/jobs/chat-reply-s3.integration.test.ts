// A worker configured with S3_* settings writes its voice notes to the bucket the API serves from:
// the chat.reply job with services built from the env, against local fakes of OpenAI, ElevenLabs
// and S3 (each speaking the real protocol; the S3 fake checks Signature V4).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatMessages, chats, seedDemoData, talents, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import {
  type FakeElevenLabs,
  type FakeOpenAi,
  type FakeS3,
  startFakeElevenLabs,
  startFakeOpenAi,
  startFakeS3,
} from '@doppel/integrations/testing';
import { silentLogger } from '@doppel/logging';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadWorkerEnv } from '../env.ts';
import { runChatReply } from './chat-reply.ts';
import { createWorkerServices } from './chat-reply-services.ts';

let database: TestDatabase;
let openai: FakeOpenAi;
let elevenLabs: FakeElevenLabs;
let s3: FakeS3;
let filesDir: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  openai = await startFakeOpenAi();
  elevenLabs = await startFakeElevenLabs();
  s3 = await startFakeS3({ buckets: ['doppel-media'] });
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-worker-s3-'));
});
afterAll(async () => {
  await openai?.close();
  await elevenLabs?.close();
  await s3?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  await database?.drop();
});

it('stores a voice note in the S3 bucket, not in the local folder, when S3_BUCKET is set', async () => {
  const env = loadWorkerEnv({
    DATABASE_URL: database.url,
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: openai.url,
    ELEVENLABS_API_KEY: elevenLabs.apiKey,
    ELEVENLABS_BASE_URL: elevenLabs.url,
    FILES_DIR: filesDir,
    S3_BUCKET: 'doppel-media',
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'prod',
  });
  const services = createWorkerServices(env);

  const { db } = database;
  const [mia] = await db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
  const [fan] = await db.insert(users).values({ isAnonymous: true, credits: 10 }).returning({ id: users.id });
  const [chat] = await db
    .insert(chats)
    .values({ talentId: mia?.id as string, userId: fan?.id as string, chatMessageCount: 1 })
    .returning({ id: chats.id });
  const [message] = await db
    .insert(chatMessages)
    .values({ chatId: chat?.id as string, senderType: 'USER', text: 'Can I hear your voice?' })
    .returning({ id: chatMessages.id });
  openai.script({
    toolCall: { name: 'generate_audio_attachment', arguments: { successText: 'Hi, it’s Mia!', failureText: 'No voice today' } },
  });

  const log = silentLogger;
  const output = await runChatReply(
    { chatId: chat?.id as string, messageId: message?.id as string },
    { db, log, job: { id: 'job-1', name: 'chat.reply', retryCount: 0 }, services },
  );

  expect(output).toMatchObject({ status: 'answered' });
  const [reply] = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.replyToMessageId, message?.id as string));
  const path = `talents/${mia?.id}/voice-notes/${reply?.id}.mp3`;
  expect(reply?.attachments).toEqual([{ type: 'AUDIO', filePath: path, isUnlocked: false }]);
  const stored = s3.object('doppel-media', `prod/${path}`);
  expect(stored?.contentType).toBe('audio/mpeg');
  expect(stored?.bytes.length).toBeGreaterThan(0);
  expect(await readdir(filesDir)).toEqual([]);
});
