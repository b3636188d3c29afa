// Streamed replies: the chat.reply use case with the real `openai` SDK streaming (`stream: true`)
// from the local fake OpenAI server, which sends OpenAI's server-sent chunks. Whatever happens to
// the stream (a function call split across chunks, an error event, the connection cut), the chat
// ends with exactly one stored reply and one ChatPrompt, and the drafts the fan saw were prefixes of it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chatMessages,
  chatPrompts,
  chats,
  publishReplyDraft,
  type ReplyDraft,
  seedDemoData,
  talentConfigs,
  users,
} from '@doppel/db';
import { createTestDatabase, demoTwinId, type TestDatabase } from '@doppel/db/testing';
import { type AnswerFanMessageInput, answerFanMessage, type ReplyDeps, replyFallbackText } from '@doppel/domain/chat/reply';
import { LlmError } from '@doppel/domain/ports';
import { createElevenLabsTts, createLocalDiskStorage, createOpenAiLlm } from '@doppel/integrations';
import { type FakeElevenLabs, type FakeOpenAi, startFakeElevenLabs, startFakeOpenAi } from '@doppel/integrations/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';

let database: TestDatabase;
let openai: FakeOpenAi;
let elevenLabs: FakeElevenLabs;
let filesDir: string;
let miaId: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  miaId = await demoTwinId(database.db);
  // A few milliseconds a token, so drafts are spread over time as with a real model.
  openai = await startFakeOpenAi({ tokenDelayMs: 15 });
  elevenLabs = await startFakeElevenLabs();
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-stream-'));
});
afterAll(async () => {
  await openai?.close();
  await elevenLabs?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  await database?.drop();
});
beforeEach(() => openai.reset());

/** The deps of the worker, with every draft recorded as it is published (through the real NOTIFY). */
function streamingDeps(drafts: ReplyDraft[]): ReplyDeps {
  return {
    db: database.db,
    llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }),
    tts: createElevenLabsTts({ apiKey: elevenLabs.apiKey, baseURL: elevenLabs.url }),
    storage: createLocalDiskStorage(filesDir),
    publishDraft: async (draft) => {
      drafts.push(draft);
      await publishReplyDraft(database.db, draft);
    },
  };
}

async function fanMessage(text: string): Promise<AnswerFanMessageInput> {
  const { db } = database;
  const [fan] = await db.insert(users).values({ isAnonymous: true, credits: 10 }).returning({ id: users.id });
  if (!fan) throw new Error('fan insert failed');
  const [chat] = await db.insert(chats).values({ talentId: miaId, userId: fan.id, chatMessageCount: 1 }).returning();
  if (!chat) throw new Error('chat insert failed');
  const [message] = await db.insert(chatMessages).values({ chatId: chat.id, senderType: 'USER', text }).returning();
  if (!message) throw new Error('message insert failed');
  return { chatId: chat.id, messageId: message.id };
}

/** The one stored reply and its ChatPrompt; fails when there is not exactly one of each. */
async function theOneReply(messageId: string) {
  const replies = await database.db.select().from(chatMessages).where(eq(chatMessages.replyToMessageId, messageId));
  expect(replies).toHaveLength(1);
  const reply = replies[0];
  if (!reply) throw new Error('no reply');
  const prompts = await database.db.select().from(chatPrompts).where(eq(chatPrompts.chatId, reply.chatId));
  expect(prompts.map((prompt) => prompt.id)).toEqual([reply.id]);
  return { reply, prompt: prompts[0] };
}

const longText = 'Lisbon is glowing tonight, the trams are packed and I just found the best pastel de nata in town 😋 You?';

describe('a streamed reply through the openai SDK', () => {
  it('streams the text in growing drafts and stores it once, with its usage, exactly as unstreamed', async () => {
    const input = await fanMessage('How is Lisbon?');
    openai.script({ text: longText, usage: { promptTokens: 200, completionTokens: 30 } });
    const drafts: ReplyDraft[] = [];

    const result = await answerFanMessage(streamingDeps(drafts), input);

    expect(result).toMatchObject({ status: 'answered', engine: 'openai' });
    const { reply, prompt } = await theOneReply(input.messageId);
    expect(reply.text).toBe(longText);
    expect(prompt).toMatchObject({
      responseText: longText,
      responseFallbackText: null,
      tokenUsage: { promptTokens: 200, completionTokens: 30, totalTokens: 230 },
    });
    expect(openai.chatRequests()[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    // Several drafts (the model took ~300 ms), in order, each a longer start of the stored text.
    expect(drafts.length).toBeGreaterThan(1);
    expect(drafts.map((draft) => draft.seq)).toEqual(drafts.map((_, index) => index));
    for (const [index, draft] of drafts.entries()) {
      expect(draft).toMatchObject({ chatId: input.chatId, replyTo: input.messageId, stream: reply.id });
      expect(longText.startsWith(draft.text)).toBe(true);
      if (index > 0) expect(draft.text.length).toBeGreaterThan(drafts[index - 1]?.text.length ?? 0);
    }
  });

  it('assembles a function call whose arguments arrive in fragments after some text', async () => {
    const input = await fanMessage('Can I see your cat?');
    openai.script({
      text: 'Oh he is such a diva, hold on',
      toolCall: {
        name: 'generate_image_attachment',
        arguments: { context: 'my orange cat', successText: 'Meet Churro 🐈', failureText: 'No cat pics yet!' },
      },
    });
    const drafts: ReplyDraft[] = [];

    const result = await answerFanMessage(streamingDeps(drafts), input);

    expect(result).toMatchObject({ status: 'answered', attachment: 'IMAGE' });
    const { reply, prompt } = await theOneReply(input.messageId);
    expect(reply.text).toBe('Meet Churro 🐈');
    expect(reply.attachments).toEqual([expect.objectContaining({ type: 'IMAGE', isUnlocked: false })]);
    expect(prompt?.responseFunction?.name).toBe('generate_image_attachment');
    expect(JSON.parse(prompt?.responseFunction?.arguments ?? '{}')).toEqual({
      context: 'my orange cat',
      successText: 'Meet Churro 🐈',
      failureText: 'No cat pics yet!',
    });
    // Only the words were streamed, never the call's JSON.
    expect(drafts.every((draft) => 'Oh he is such a diva, hold on'.startsWith(draft.text))).toBe(true);
  });

  for (const kind of ['error', 'cut'] as const) {
    it(`fails for a retry when the stream ${kind === 'error' ? 'sends an error' : 'is cut'} midway, and the retry stores one whole reply`, async () => {
      const input = await fanMessage('Tell me about your day');
      openai.script({ text: longText, streamFailure: { afterChunks: 5, kind } }, { text: 'Short and sweet: a great day!' });
      const drafts: ReplyDraft[] = [];
      const deps = streamingDeps(drafts);

      const failed = await answerFanMessage(deps, input).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(LlmError);
      expect((failed as LlmError).retryable).toBe(true);
      const stored = await database.db.select().from(chatMessages).where(eq(chatMessages.replyToMessageId, input.messageId));
      expect(stored, 'nothing stored from half a stream').toEqual([]);
      expect(drafts.length).toBeGreaterThan(0);
      const firstStream = drafts[0]?.stream;

      const retried = await answerFanMessage(deps, input);

      expect(retried).toMatchObject({ status: 'answered' });
      const { reply, prompt } = await theOneReply(input.messageId);
      expect(reply.text).toBe('Short and sweet: a great day!');
      expect(prompt?.responseText).toBe('Short and sweet: a great day!');
      // The retry streams under a new id from seq 0, so a screen replaces the dead draft.
      const retryDrafts = drafts.filter((draft) => draft.stream !== firstStream);
      expect(retryDrafts[0]).toMatchObject({ seq: 0, stream: reply.id });
    });
  }

  it('never streams text the creator’s boundaries refuse: the drafts stop before it, the refusal is stored', async () => {
    await database.db
      .update(talentConfigs)
      .set({ blockedTopics: ['politics'] })
      .where(eq(talentConfigs.id, miaId));
    try {
      const input = await fanMessage('What do you think about the news?');
      openai.script({ text: 'Honestly I could talk for hours, but the politics of it all is what I rant about most' });
      const drafts: ReplyDraft[] = [];

      const result = await answerFanMessage(streamingDeps(drafts), input);

      expect(result).toMatchObject({ status: 'refused', side: 'TWIN' });
      const { reply } = await theOneReply(input.messageId);
      expect(reply.text).not.toContain('politics');
      expect(drafts.length, 'the harmless start still streamed').toBeGreaterThan(0);
      expect(drafts.filter((draft) => /polit/i.test(draft.text))).toEqual([]);
    } finally {
      await database.db.update(talentConfigs).set({ blockedTopics: [] }).where(eq(talentConfigs.id, miaId));
    }
  });

  it('posts the fallback once when the stream is cut on the last attempt', async () => {
    const input = await fanMessage('Hello?');
    openai.script({ text: longText, streamFailure: { afterChunks: 3, kind: 'cut' } });

    const result = await answerFanMessage(streamingDeps([]), { ...input, isFinalAttempt: true });

    expect(result).toMatchObject({ status: 'fallback' });
    const { reply, prompt } = await theOneReply(input.messageId);
    expect(reply.text).toBe(replyFallbackText);
    expect(prompt?.responseFallbackText).toContain('[model error: LlmError: OpenAI chat completion stream');
  });
});
