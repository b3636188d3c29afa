// The worker keeps a twin's FAQ, corrections and knowledge sources lists for a few seconds
// (TwinMaterialCache): an edit recorded with a change event counts from the next reply on, and an
// edit without one (psql) once the cache's TTL has passed. The demo twin Mia and her FAQ answer;
// the offline engine writes the replies, and the system prompt each reply stored shows the FAQ
// answer it was given.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatMessages, chatPrompts, chats, faqItems, faqs, seedDemoData, users } from '@doppel/db';
import { createTestDatabase, demoTwinId, type TestDatabase } from '@doppel/db/testing';
import { updateAdminFaq } from '@doppel/domain/admin/faqs';
import { answerFanMessage, QuestionVectors, TwinMaterialCache } from '@doppel/domain/chat/reply';
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { createBoss, enqueue } from '@doppel/jobs';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorker } from '../worker.ts';

let database: TestDatabase;
let filesDir: string;
let miaId: string;
const question = 'How do credits work?';

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  miaId = await demoTwinId(database.db);
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-twin-material-'));
});
afterAll(async () => {
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  await database?.drop();
});

/** A new fan's chat with Mia holding one message: the FAQ's question. */
async function fanAsks(): Promise<{ chatId: string; messageId: string }> {
  const { db } = database;
  const [fan] = await db.insert(users).values({ isAnonymous: true, credits: 10 }).returning({ id: users.id });
  if (!fan) throw new Error('fan insert failed');
  const [chat] = await db.insert(chats).values({ talentId: miaId, userId: fan.id }).returning({ id: chats.id });
  if (!chat) throw new Error('chat insert failed');
  const [message] = await db
    .insert(chatMessages)
    .values({ chatId: chat.id, senderType: 'USER', text: question })
    .returning({ id: chatMessages.id });
  if (!message) throw new Error('message insert failed');
  return { chatId: chat.id, messageId: message.id };
}

/** The system prompt of the reply to `messageId`, once it is stored. */
async function systemPromptOf(messageId: string): Promise<string | undefined> {
  const [row] = await database.db
    .select({ messages: chatPrompts.messages })
    .from(chatPrompts)
    .innerJoin(chatMessages, eq(chatMessages.id, chatPrompts.id))
    .where(eq(chatMessages.replyToMessageId, messageId));
  return row?.messages[0]?.text;
}

/** The demo FAQ item the fan's question matches. */
async function creditsItem() {
  const [item] = await database.db
    .select({ id: faqItems.id, faqId: faqItems.faqId, answer: faqItems.answer })
    .from(faqItems)
    .where(eq(faqItems.question, question));
  if (!item) throw new Error(`demo FAQ item "${question}" missing`);
  return item;
}

describe('a twin’s material kept by the worker', () => {
  it('answers from the FAQ as it was for the TTL after an unannounced edit, then from the edited FAQ', async () => {
    let now = 0;
    const twinMaterial = new TwinMaterialCache({ ttlMs: 5_000, now: () => now });
    const deps = {
      db: database.db,
      llm: createOfflineLlm(),
      tts: createUnconfiguredTts(),
      storage: createLocalDiskStorage(filesDir),
      questionVectors: new QuestionVectors(),
      twinMaterial,
    };
    const reply = async () => {
      const asked = await fanAsks();
      const result = await answerFanMessage(deps, asked);
      expect(result.status, JSON.stringify(result)).toBe('answered');
      return (await systemPromptOf(asked.messageId)) ?? '';
    };
    const item = await creditsItem();
    expect(await reply(), 'the FAQ answer is in the prompt').toContain(`A: ${item.answer}`);

    // Edited behind the app's back: no change event tells the worker.
    const edited = `Credits are counted in stars now, edit ${Date.now()}.`;
    await database.db.update(faqItems).set({ answer: edited }).where(eq(faqItems.id, item.id));
    now += 4_000;
    const withinTtl = await reply();
    expect(withinTtl, 'within the TTL the kept list answers').toContain(`A: ${item.answer}`);
    expect(withinTtl).not.toContain(edited);

    now += 1_000;
    expect(await reply(), 'once the TTL has passed the edit counts').toContain(`A: ${edited}`);
  });

  it('forgets the kept FAQ when the worker’s live feed brings the FAQ’s change event', async () => {
    const twinMaterial = new TwinMaterialCache({ ttlMs: 60 * 60 * 1000 });
    const worker = await startWorker({
      databaseUrl: database.url,
      services: {
        llm: createOfflineLlm(),
        tts: createUnconfiguredTts(),
        storage: createLocalDiskStorage(filesDir),
        questionVectors: new QuestionVectors(),
        twinMaterial,
      },
    });
    let client: PgBoss | undefined;
    try {
      client = createBoss(database.url, { role: 'client' });
      await client.start();
      const boss = client;
      const reply = async () => {
        const asked = await fanAsks();
        await enqueue(boss, 'chat.reply', asked);
        await expect.poll(() => systemPromptOf(asked.messageId), { timeout: 15_000, interval: 25 }).toBeDefined();
        return (await systemPromptOf(asked.messageId)) ?? '';
      };
      const item = await creditsItem();
      expect(await reply()).toContain(`A: ${item.answer}`);
      expect(twinMaterial.size, 'the worker kept the twin’s lists').toBeGreaterThan(0);

      // Saved as the admin's FAQ editor saves it: the transaction records the FAQ's change event.
      const [faq] = await database.db.select({ id: faqs.id, name: faqs.name }).from(faqs).where(eq(faqs.id, item.faqId));
      if (!faq) throw new Error('demo FAQ missing');
      const items = await database.db
        .select({ question: faqItems.question, answer: faqItems.answer })
        .from(faqItems)
        .where(eq(faqItems.faqId, faq.id))
        .orderBy(faqItems.position);
      const edited = `Credits come in bundles now, edit ${Date.now()}.`;
      await database.db.transaction((tx) =>
        updateAdminFaq(tx, {
          id: faq.id,
          name: faq.name,
          items: items.map((row) => (row.question === question ? { question, answer: edited } : row)),
        }),
      );
      await expect.poll(() => twinMaterial.size, { timeout: 10_000, interval: 25 }).toBe(0);
      expect(await reply(), 'the next reply reads the edited FAQ').toContain(`A: ${edited}`);
    } finally {
      await client?.stop({ graceful: false });
      await worker.stop();
    }
  });
});
