// Corrections through the real API and Postgres, with the reply job's use case as the worker runs
// it (offline model): an edited draft is sent as the creator's text and kept on the twin's model in
// the parser's format, where the admin's next version trains on it; a rewritten twin reply is kept
// too (creating the model if the twin has none) and a second rewrite replaces it; and another twin's
// creator, and a fan, are refused every approval and correction call; the corrections list pages
// newest first and a correction taken back leaves the model. Held, approved, rejected and
// expired drafts are proved in talent-reply-approval.
import { randomUUID } from 'node:crypto';
import { appConfigs, defaultAppId, models } from '@doppel/db';
import { formatTrainingExamples, parseTrainingExamples } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from './chat-fixtures.ts';
import { type Api, type Caller, refusal } from './harness.ts';
import {
  type ApprovalSuite,
  chargedBalance,
  draftStatus,
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
let otherCreator: Caller;
let admin: Caller;
let people: ApprovalSuite['people'];

beforeAll(async () => {
  suite = await startApprovalSuite();
  ({ api, creator, otherCreator, admin, people } = suite);
});
afterAll(() => suite?.close());

/** The twin's model: created through the admin API and holding `count` valid examples before any correction. */
async function modelWithExamples(twin: Twin, count: number) {
  const { modelId } = await admin.client.admin.models.create.mutate({ name: `Model of ${twin.tag}`, talentId: twin.talent.id });
  const examples = Array.from({ length: count }, (_, index) => ({
    messages: [
      { role: 'user' as const, content: `Seed question #${index + 1}` },
      { role: 'assistant' as const, content: `Seed answer #${index + 1}` },
    ],
  }));
  // The admin's form refuses fewer than 20 examples; the model starts one short of the minimum.
  await api.database.db.update(models).set({ trainingExamples: examples }).where(eq(models.id, modelId));
  return modelId;
}

async function examplesOfModel(modelId: string) {
  const [row] = await api.database.db.select({ examples: models.trainingExamples }).from(models).where(eq(models.id, modelId));
  return row?.examples ?? [];
}

const example = (user: string, assistant: string) => ({
  messages: [
    { role: 'user' as const, content: user },
    { role: 'assistant' as const, content: assistant },
  ],
});

describe('corrections', () => {
  it('sends an edited draft as the creator’s text and keeps it on the twin’s model in the parser’s format', async () => {
    const twin = await newTwin(suite);
    const talentId = twin.talent.id;
    const modelId = await modelWithExamples(twin, 19);
    const { fan, userId, chatId, draft } = await heldReply(suite, twin, 'Which city should I visit in spring?');
    const edited = 'Lisbon, without a doubt.\nGo in April.';

    const decision = await creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id, text: edited });
    expect(decision).toEqual({ status: 'EDITED', messageId: draft.id, corrected: true });
    expect(await draftStatus(api, draft.id)).toBe('EDITED');
    const shown = (await fan.client.chat.messages.query({ chatId })).items.at(0);
    // The fan is told a person wrote it: the creator's words are not the AI's.
    expect(shown).toMatchObject({ id: draft.id, senderType: 'TALENT', text: edited, writtenByCreator: true });
    expect((await admin.client.chat.messages.query({ chatId })).items.at(0)).toMatchObject({
      id: draft.id,
      writtenByCreator: true,
    });
    // The prompt log keeps what the model wrote; the fan got the creator's words.
    expect((await admin.client.admin.chats.prompt.query({ chatId, messageId: draft.id })).prompt?.responseText).toBe(draft.text);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);

    const correction = example('Which city should I visit in spring?', 'Lisbon, without a doubt. Go in April.');
    const stored = await examplesOfModel(modelId);
    expect(stored).toHaveLength(20);
    expect(stored.at(-1)).toEqual(correction);
    const parsed = parseTrainingExamples(formatTrainingExamples(stored));
    expect(parsed).toEqual({ ok: true, examples: stored });
    // What the admin edits and fine-tunes on: the same examples, the correction last.
    const forAdmin = await admin.client.admin.models.get.query({ modelId });
    expect(forAdmin.exampleCount).toBe(20);
    const adminParsed = parseTrainingExamples(forAdmin.trainingExamplesText);
    expect(adminParsed.ok && adminParsed.examples.at(-1)).toEqual(correction);
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 1,
      waiting: 1,
      pendingDrafts: 0,
    });
    const detail = await creator.client.talent.conversations.get.query({ talentId, chatId });
    expect(detail.messages.at(-1)).toMatchObject({ id: draft.id, text: edited, writtenByCreator: true, correction: edited });

    // The admin's next version trains on it: the correction is no longer waiting. The demo data
    // leaves a model fine-tuning, which holds the one generation slot: free it first.
    // Another twin's correction, kept before this version: that twin's model did not train, so it still waits.
    const otherTwin = await newTwin(suite, { enabled: false });
    const other = await newFan(api, otherTwin);
    const asked = await other.fan.client.chat.send.mutate({
      chatId: other.chatId,
      text: 'Coffee or tea?',
      idempotencyKey: randomUUID(),
    });
    const otherReply = await runReply(suite, other.chatId, asked.message.id);
    if (otherReply.status !== 'answered') throw new Error(`expected an answer, got ${otherReply.status}`);
    const otherScope = { talentId: otherTwin.talent.id, chatId: other.chatId };
    await creator.client.talent.corrections.rewrite.mutate({ ...otherScope, messageId: otherReply.replyMessageId, text: 'Tea.' });
    await api.database.db.update(appConfigs).set({ fineTuningModelId: null }).where(eq(appConfigs.id, defaultAppId));
    const generated = await admin.client.admin.models.generateVersion.mutate({ modelId });
    expect(generated.versions[0]?.exampleCount).toBe(20);
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 1,
      waiting: 0,
      pendingDrafts: 0,
    });
    expect(await creator.client.talent.corrections.summary.query({ talentId: otherTwin.talent.id })).toEqual({
      total: 1,
      waiting: 1,
      pendingDrafts: 0,
    });
    // Rewriting the sent edit replaces its example, and the newer correction waits for the next version.
    await creator.client.talent.corrections.rewrite.mutate({ talentId, chatId, messageId: draft.id, text: 'Porto, in May.' });
    const rewritten = await examplesOfModel(modelId);
    expect(rewritten).toHaveLength(20);
    expect(rewritten.at(-1)).toEqual(example('Which city should I visit in spring?', 'Porto, in May.'));
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 1,
      waiting: 1,
      pendingDrafts: 0,
    });
    expect((await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }))).code).toBe(
      'CONFLICT',
    );
  });

  it('keeps a rewritten twin reply on the twin’s model, replaces it on a second rewrite, and refuses a fan message', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const talentId = twin.talent.id;
    const { fan, chatId } = await newFan(api, twin);
    const { message } = await fan.client.chat.send.mutate({
      chatId,
      text: 'What is your favourite food?',
      idempotencyKey: randomUUID(),
    });
    const answered = await runReply(suite, chatId, message.id);
    if (answered.status !== 'answered') throw new Error(`expected an answer, got ${answered.status}`);
    const replyId = answered.replyMessageId;
    const seen = (await fan.client.chat.messages.query({ chatId })).items.at(0);
    const modelsOfTwin = () => api.database.db.select().from(models).where(eq(models.talentId, talentId));
    // The twin has no model yet: the first correction creates one named after the twin.
    expect(await modelsOfTwin()).toEqual([]);

    const first = await creator.client.talent.corrections.rewrite.mutate({
      talentId,
      chatId,
      messageId: replyId,
      text: 'Pasta, always.',
    });
    expect(first).toEqual({ correctionId: expect.any(String), text: 'Pasta, always.' });
    const [model] = await modelsOfTwin();
    expect(model).toMatchObject({
      name: twin.talent.name,
      trainingExamples: [example('What is your favourite food?', 'Pasta, always.')],
    });
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 1,
      waiting: 1,
      pendingDrafts: 0,
    });

    const second = await creator.client.talent.corrections.rewrite.mutate({
      talentId,
      chatId,
      messageId: replyId,
      text: 'Sushi, lately.',
    });
    expect(second).toEqual({ correctionId: first.correctionId, text: 'Sushi, lately.' });
    expect(await modelsOfTwin()).toHaveLength(1);
    expect(await examplesOfModel(model?.id ?? '')).toEqual([example('What is your favourite food?', 'Sushi, lately.')]);
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 1,
      waiting: 1,
      pendingDrafts: 0,
    });
    // The fan's conversation is unchanged; the creator sees the correction beside the reply.
    expect((await fan.client.chat.messages.query({ chatId })).items.at(0)).toEqual(seen);
    const detail = await creator.client.talent.conversations.get.query({ talentId, chatId });
    expect(detail.messages.find((item) => item.id === replyId)).toMatchObject({
      correction: 'Sushi, lately.',
      replyToMessageId: message.id,
    });
    expect(detail.messages.find((item) => item.id === message.id)).toMatchObject({ correction: null });

    const ofFan = await refusal(
      creator.client.talent.corrections.rewrite.mutate({ talentId, chatId, messageId: message.id, text: 'No' }),
    );
    expect(ofFan.code).toBe('BAD_REQUEST');
    const empty = await refusal(
      creator.client.talent.corrections.rewrite.mutate({ talentId, chatId, messageId: replyId, text: '  ' }),
    );
    expect(empty.fieldErrors?.text).toEqual(['Please write a message']);
    expect(await examplesOfModel(model?.id ?? '')).toHaveLength(1);
  });
});

describe('the corrections list', () => {
  it('lists corrections newest first, trained or waiting, and takes one back off the twin’s model', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const talentId = twin.talent.id;
    const { fan, chatId } = await newFan(api, twin);
    const replies: string[] = [];
    for (const text of ['What is your favourite food?', 'Where do you live?']) {
      const { message } = await fan.client.chat.send.mutate({ chatId, text, idempotencyKey: randomUUID() });
      const answered = await runReply(suite, chatId, message.id);
      if (answered.status !== 'answered') throw new Error(`expected an answer, got ${answered.status}`);
      replies.push(answered.replyMessageId);
    }
    const [food, home] = replies as [string, string];
    const kept = await creator.client.talent.corrections.rewrite.mutate({ talentId, chatId, messageId: food, text: 'Pasta.' });
    const mistake = await creator.client.talent.corrections.rewrite.mutate({ talentId, chatId, messageId: home, text: 'Oops' });

    const listed = await creator.client.talent.corrections.list.query({ talentId, limit: 1 });
    expect(listed.items).toEqual([
      {
        id: mistake.correctionId,
        source: 'REWRITE',
        fanText: 'Where do you live?',
        answerText: 'Oops',
        chatId,
        replyMessageId: home,
        updatedAt: expect.any(String),
        waiting: true,
      },
    ]);
    const next = await creator.client.talent.corrections.list.query({ talentId, limit: 1, cursor: listed.nextCursor ?? '' });
    expect(next.items.map((item) => item.id)).toEqual([kept.correctionId]);
    expect(next.nextCursor).toBeNull();

    // Another twin's creator and the fan cannot see or take it back.
    expect((await refusal(otherCreator.client.talent.corrections.list.query({ talentId, limit: 20 }))).code).toBe('FORBIDDEN');
    const notTheirs = { talentId: people.talentB.id, correctionId: mistake.correctionId };
    expect((await refusal(otherCreator.client.talent.corrections.delete.mutate(notTheirs))).code).toBe('NOT_FOUND');
    const asFan = { talentId, correctionId: mistake.correctionId };
    expect((await refusal(fan.client.talent.corrections.delete.mutate(asFan))).code).toBe('FORBIDDEN');

    // Taken back: its example leaves the model, the other stays, and it no longer counts.
    const [model] = await api.database.db.select().from(models).where(eq(models.talentId, talentId));
    expect(model?.trainingExamples).toHaveLength(2);
    const taken = await creator.client.talent.corrections.delete.mutate({ talentId, correctionId: mistake.correctionId });
    expect(taken).toEqual({ deleted: true });
    expect(await examplesOfModel(model?.id ?? '')).toEqual([example('What is your favourite food?', 'Pasta.')]);
    expect((await creator.client.talent.corrections.list.query({ talentId, limit: 20 })).items.map((item) => item.id)).toEqual([
      kept.correctionId,
    ]);
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toMatchObject({ total: 1, waiting: 1 });
    const again = await refusal(
      creator.client.talent.corrections.delete.mutate({ talentId, correctionId: mistake.correctionId }),
    );
    expect(again).toMatchObject({ code: 'NOT_FOUND', message: 'This correction does not exist.' });
    const detail = await creator.client.talent.conversations.get.query({ talentId, chatId });
    expect(detail.messages.find((item) => item.id === home)).toMatchObject({ correction: null });

    // Once the model trained, the remaining correction reads as trained.
    await api.database.db.update(appConfigs).set({ fineTuningModelId: null }).where(eq(appConfigs.id, defaultAppId));
    await admin.client.admin.models.update.mutate({
      modelId: model?.id ?? '',
      name: model?.name ?? '',
      base: model?.base ?? '',
      trainingExamplesText: formatTrainingExamples([
        ...(await examplesOfModel(model?.id ?? '')),
        ...Array.from({ length: 19 }, (_, index) => example(`Seed question #${index + 1}`, `Seed answer #${index + 1}`)),
      ]),
    });
    await admin.client.admin.models.generateVersion.mutate({ modelId: model?.id ?? '' });
    expect((await creator.client.talent.corrections.list.query({ talentId, limit: 20 })).items[0]).toMatchObject({
      id: kept.correctionId,
      waiting: false,
    });
  });
});

describe('object-level access', () => {
  it('refuses another twin’s creator and a fan on every call, whether naming their own twin or this one', async () => {
    const twin = await newTwin(suite);
    const talentId = twin.talent.id;
    const { fan, chatId, draft } = await heldReply(suite, twin);
    // A twin reply to rewrite: this twin answers another fan at once (their chat never holds replies).
    const other = await newFan(api, twin);
    await creator.client.talent.conversations.setReplyApproval.mutate({ talentId, chatId: other.chatId, mode: 'NEVER' });
    const { message } = await other.fan.client.chat.send.mutate({
      chatId: other.chatId,
      text: 'Hello?',
      idempotencyKey: randomUUID(),
    });
    const replied = await runReply(suite, other.chatId, message.id);
    if (replied.status !== 'answered') throw new Error(`expected an answer, got ${replied.status}`);
    const settings = { enabled: false, holdMinutes: 60, expiryAction: 'DROP' as const };
    // Each call is made only when awaited, so no refusal goes unobserved. These name this twin's objects:
    const objectCalls = (caller: Caller, asTalentId: string) => [
      () => caller.client.talent.replyDrafts.approve.mutate({ talentId: asTalentId, draftId: draft.id }),
      () => caller.client.talent.replyDrafts.approve.mutate({ talentId: asTalentId, draftId: draft.id, text: 'Not mine' }),
      () => caller.client.talent.replyDrafts.reject.mutate({ talentId: asTalentId, draftId: draft.id }),
      () => caller.client.talent.conversations.setReplyApproval.mutate({ talentId: asTalentId, chatId, mode: 'NEVER' }),
      () =>
        caller.client.talent.corrections.rewrite.mutate({
          talentId: asTalentId,
          chatId: other.chatId,
          messageId: replied.replyMessageId,
          text: 'Not mine',
        }),
    ];
    // …and these every call, the settings and lists of the twin included.
    const calls = (caller: Caller, asTalentId: string) => [
      () => caller.client.talent.replyApproval.get.query({ talentId: asTalentId }),
      () => caller.client.talent.replyApproval.update.mutate({ talentId: asTalentId, ...settings }),
      () => caller.client.talent.replyDrafts.list.query({ talentId: asTalentId, limit: 20 }),
      () => caller.client.talent.corrections.summary.query({ talentId: asTalentId }),
      () => caller.client.talent.corrections.list.query({ talentId: asTalentId, limit: 20 }),
      ...objectCalls(caller, asTalentId),
    ];
    for (const call of calls(otherCreator, talentId)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    for (const call of calls(fan, talentId)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    for (const call of objectCalls(otherCreator, people.talentB.id)) expect((await refusal(call())).code).toBe('NOT_FOUND');
    // Their own inbox holds none of this twin's drafts.
    const theirs = await otherCreator.client.talent.replyDrafts.list.query({ talentId: people.talentB.id, limit: 20 });
    expect(theirs.items.map((item) => item.id)).not.toContain(draft.id);

    // Nothing moved: the draft still waits, the fan's mode and the twin's settings are as they were.
    expect(await draftStatus(api, draft.id)).toBe('PENDING');
    expect(await creator.client.talent.replyApproval.get.query({ talentId })).toEqual({
      enabled: true,
      holdMinutes: 1440,
      expiryAction: 'SEND',
    });
    const detail = await creator.client.talent.conversations.get.query({ talentId, chatId });
    expect(detail.replyApproval).toEqual({ mode: 'TWIN', holdsReplies: true });
    expect(await api.database.db.select().from(models).where(eq(models.talentId, talentId))).toEqual([]);
    expect(await talentMessages(api, chatId)).toEqual([]);
  });
});
