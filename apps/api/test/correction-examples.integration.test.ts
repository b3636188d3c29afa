// Corrections as examples through the real API and Postgres, with the reply job's use case as the
// worker runs it (offline engine): a reply the creator rewrote in Conversations, or a draft they
// edited before sending, counts for the very next fan of the twin (another chat) who asks something
// similar: the answer is the creator's, with no fine-tuning run, and the prompt log shows the example
// and its score. An unrelated question does not use it, and another twin's corrections are never used.
import { randomUUID } from 'node:crypto';
import { talentConfigs, talentCorrections } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api, Caller } from './harness.ts';
import {
  type ApprovalSuite,
  heldReply,
  newFan,
  newTwin,
  runReply,
  startApprovalSuite,
  type Twin,
  talentMessages,
} from './reply-approval-fixtures.ts';

let suite: ApprovalSuite;
let api: Api;
let creator: Caller;
let admin: Caller;

beforeAll(async () => {
  suite = await startApprovalSuite();
  ({ api, creator, admin } = suite);
});
afterAll(() => suite?.close());

const question = 'Which city should I visit in spring?';
const similar = 'What city would you recommend visiting in the spring?';
const unrelated = 'Do you have any pets at home?';

/** A new fan of the twin (their own chat) asks `text`; the reply job answers it. */
async function ask(twin: Twin, text: string) {
  const { fan, chatId } = await newFan(api, twin);
  const { message } = await fan.client.chat.send.mutate({ chatId, text, idempotencyKey: randomUUID() });
  const result = await runReply(suite, chatId, message.id);
  return { chatId, messageId: message.id, result };
}

/** A fan asks `text`, the twin answers, and the creator rewrites that answer in Conversations. */
async function corrected(twin: Twin, text: string, answer: string) {
  const asked = await ask(twin, text);
  if (asked.result.status !== 'answered') throw new Error(`expected an answer, got ${asked.result.status}`);
  const { correctionId } = await creator.client.talent.corrections.rewrite.mutate({
    talentId: twin.talent.id,
    chatId: asked.chatId,
    messageId: asked.result.replyMessageId,
    text: answer,
  });
  return correctionId;
}

/** The twin's answer in the chat and what the admin's prompt log shows for it. */
async function answerOf(asked: Awaited<ReturnType<typeof ask>>) {
  if (asked.result.status !== 'answered' && asked.result.status !== 'held') {
    throw new Error(`expected an answer, got ${asked.result.status}`);
  }
  const messageId = asked.result.replyMessageId;
  const [reply] = (await talentMessages(api, asked.chatId)).filter((message) => message.id === messageId);
  const { prompt } = await admin.client.admin.chats.prompt.query({ chatId: asked.chatId, messageId });
  return { text: reply?.text, prompt };
}

async function embeddingOf(correctionId: string) {
  const [row] = await api.database.db
    .select({ embedding: talentCorrections.embedding })
    .from(talentCorrections)
    .where(eq(talentCorrections.id, correctionId));
  return row?.embedding ?? null;
}

describe('corrections as examples', () => {
  it('answers the next similar fan message with a rewritten reply, shows it in the prompt log, and leaves unrelated ones alone', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const correctionId = await corrected(twin, question, 'Porto in May, trust me: the light is golden.');
    // Saving the correction did not wait on the engine: the next reply embeds it.
    expect(await embeddingOf(correctionId)).toBeNull();

    const next = await answerOf(await ask(twin, similar));
    expect(next.text).toBe('Porto in May, trust me: the light is golden.');
    expect(next.prompt?.llmType).toBe('OFFLINE');
    expect(next.prompt?.examples).toEqual([
      { correctionId, fanText: question, answerText: 'Porto in May, trust me: the light is golden.', score: expect.any(Number) },
    ]);
    expect(next.prompt?.examples[0]?.score).toBeGreaterThanOrEqual(0.6);
    const system = next.prompt?.messages.find((message) => message.type === 'SYSTEM')?.text ?? '';
    expect(system).toContain(`When a fan said "${question}", you answered "Porto in May, trust me: the light is golden."`);
    // No fine-tuning run: the twin still answers with its base model.
    const [config] = await api.database.db
      .select({ fineTuned: talentConfigs.llmFineTunedModelId })
      .from(talentConfigs)
      .where(eq(talentConfigs.id, twin.talent.id));
    expect(config?.fineTuned ?? null).toBeNull();
    expect(await embeddingOf(correctionId)).toHaveLength(512);

    const other = await answerOf(await ask(twin, unrelated));
    expect(other.prompt?.examples).toEqual([]);
    expect(other.text).not.toContain('Porto');
    expect(other.prompt?.messages.find((message) => message.type === 'SYSTEM')?.text).not.toContain('When a fan said');
  });

  it('counts a second rewrite at once, re-embeds a correction whose vector came from another engine, and forgets one taken back', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const first = await ask(twin, question);
    if (first.result.status !== 'answered') throw new Error(`expected an answer, got ${first.result.status}`);
    const scope = { talentId: twin.talent.id, chatId: first.chatId, messageId: first.result.replyMessageId };
    const { correctionId } = await creator.client.talent.corrections.rewrite.mutate({ ...scope, text: 'Lisbon in April.' });
    expect((await answerOf(await ask(twin, similar))).text).toBe('Lisbon in April.');

    await creator.client.talent.corrections.rewrite.mutate({ ...scope, text: 'Seville, before the heat.' });
    // A vector of another engine (another length) is recomputed by the next reply.
    await api.database.db
      .update(talentCorrections)
      .set({ embedding: [0.1, 0.2, 0.3] })
      .where(eq(talentCorrections.id, correctionId));
    const next = await answerOf(await ask(twin, similar));
    expect(next.text).toBe('Seville, before the heat.');
    expect(next.prompt?.examples.map((example) => example.answerText)).toEqual(['Seville, before the heat.']);
    expect(await embeddingOf(correctionId)).toHaveLength(512);

    // Taken back, it no longer counts.
    await creator.client.talent.corrections.delete.mutate({ talentId: twin.talent.id, correctionId });
    const after = await answerOf(await ask(twin, similar));
    expect(after.prompt?.examples).toEqual([]);
    expect(after.text).not.toContain('Seville');
  });

  it('never uses another twin’s corrections', async () => {
    const porto = await newTwin(suite, { enabled: false });
    const rome = await newTwin(suite, { enabled: false });
    const plain = await newTwin(suite, { enabled: false });
    const portoCorrection = await corrected(porto, question, 'Porto, in May.');
    const romeCorrection = await corrected(rome, question, 'Rome, in April.');

    const ofRome = await answerOf(await ask(rome, similar));
    expect(ofRome.text).toBe('Rome, in April.');
    expect(ofRome.prompt?.examples.map((example) => example.correctionId)).toEqual([romeCorrection]);
    const ofPorto = await answerOf(await ask(porto, similar));
    expect(ofPorto.prompt?.examples.map((example) => example.correctionId)).toEqual([portoCorrection]);

    const ofPlain = await answerOf(await ask(plain, similar));
    expect(ofPlain.prompt?.examples).toEqual([]);
    expect(ofPlain.text).not.toMatch(/Porto|Rome/);
  });

  it('uses an edited approval as an example, and a held draft keeps the examples it was written with', async () => {
    const twin = await newTwin(suite);
    const talentId = twin.talent.id;
    const first = await heldReply(suite, twin, question);
    await creator.client.talent.replyDrafts.approve.mutate({
      talentId,
      draftId: first.draft.id,
      text: 'Granada, for the Alhambra.',
    });
    const [correction] = await api.database.db
      .select({ id: talentCorrections.id, source: talentCorrections.source })
      .from(talentCorrections)
      .where(eq(talentCorrections.talentId, talentId));
    expect(correction?.source).toBe('DRAFT_EDIT');

    const next = await ask(twin, similar);
    expect(next.result.status).toBe('held');
    const { items } = await creator.client.talent.replyDrafts.list.query({ talentId, limit: 50 });
    const draft = items.find((item) => item.fanMessage?.id === next.messageId);
    expect(draft?.text).toBe('Granada, for the Alhambra.');
    // Sent as it is, the draft's prompt (kept while it waited) is the message's prompt log.
    await creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft?.id ?? '' });
    const sent = await answerOf(next);
    expect(sent.text).toBe('Granada, for the Alhambra.');
    expect(sent.prompt?.examples).toEqual([
      { correctionId: correction?.id, fanText: question, answerText: 'Granada, for the Alhambra.', score: expect.any(Number) },
    ]);
  });
});
