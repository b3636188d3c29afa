// Approval mode and corrections through the real API and Postgres, with the reply job's use case as
// the worker runs it (offline model): a held reply is charged once, at the fan's send; approving
// sends it as drafted, editing sends the creator's text and trains the twin's model, rejecting and
// dropping refund the message and reverse its earning once; the hold limit sends or drops; a
// takeover supersedes a draft; approve and reject race to one decision; rewritten replies train the
// model; and another twin's creator, and a fan, are refused every call.
import { rm } from 'node:fs/promises';
import { appConfigs, defaultAppId, models, replyDrafts, seedDemoData, talentLedger } from '@doppel/db';
import { expireHeldReplies } from '@doppel/domain';
import { formatTrainingExamples, parseTrainingExamples, type ReplyApprovalSettings } from '@doppel/validation';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTalent, messagesOf, runOfflineReply, signedInFan, startChatApi, totalFrame } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creator: Caller;
let otherCreator: Caller;
let admin: Caller;
let fanCount = 0;

/** Every twin here charges 2 credits a message: a fan holding 1 free and 5 paid pays 1 of each. */
const messagePrice = 2;
const startBalance = { credits: 1, paidCredits: 5 };
const chargedBalance = { credits: 0, paidCredits: 4 };
const alreadyHandled = 'This reply was already handled.';

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  [creator, otherCreator, admin] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
    signIn(api, people.admin.email as string),
  ]);
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

type Twin = Awaited<ReturnType<typeof createTalent>>;

/**
 * A twin of creator A with approval settings saved through the API. A day's hold by default, so a
 * hold-limit sweep of another test (15 minutes) never reaches this twin's drafts.
 */
async function newTwin(settings: Partial<ReplyApprovalSettings> = {}): Promise<Twin> {
  const twin = await createTalent(api, { managerIds: [people.creatorA.id], creditsToSendMessage: messagePrice });
  const saved = { enabled: true, holdMinutes: 1440, expiryAction: 'SEND' as const, ...settings };
  expect(await creator.client.talent.replyApproval.update.mutate({ talentId: twin.talent.id, ...saved })).toEqual(saved);
  return twin;
}

/** A signed-in fan of the twin holding `startBalance`, and their chat. */
function newFan(twin: Twin) {
  fanCount += 1;
  return signedInFan(api, `approval-fan-${fanCount}@test.dev`, twin.tag, startBalance);
}

const runReply = (chatId: string, messageId: string) => runOfflineReply(api, filesDir, { chatId, messageId });

/** A fan sends a message and the reply job holds the twin's answer: the fan's message and the draft. */
async function heldReply(twin: Twin, text = 'What did you do this weekend?') {
  const fan = await newFan(twin);
  const { message } = await fan.fan.client.chat.send.mutate({ chatId: fan.chatId, text });
  const held = await runReply(fan.chatId, message.id);
  expect(held).toEqual({ status: 'held', replyMessageId: expect.any(String) });
  const draft = await draftFor(twin, message.id);
  expect(draft.id).toBe(held.status === 'held' ? held.replyMessageId : undefined);
  return { ...fan, fanMessage: message, draft };
}

async function draftFor(twin: Twin, fanMessageId: string) {
  const { items } = await creator.client.talent.replyDrafts.list.query({ talentId: twin.talent.id, limit: 50 });
  const draft = items.find((item) => item.fanMessage.id === fanMessageId);
  if (!draft) throw new Error(`no pending draft for fan message ${fanMessageId}`);
  return draft;
}

async function draftStatus(draftId: string) {
  const [row] = await api.database.db.select({ status: replyDrafts.status }).from(replyDrafts).where(eq(replyDrafts.id, draftId));
  return row?.status;
}

const talentMessages = async (chatId: string) =>
  (await messagesOf(api, chatId)).filter((message) => message.senderType === 'TALENT');

/** The talent ledger's rows of one fan message: its earning and any reversal, for the twin and its referrer. */
async function ledgerOf(fanMessageId: string) {
  const key = `message:${fanMessageId}`;
  return api.database.db
    .select({ key: talentLedger.key, talentId: talentLedger.talentId, kind: talentLedger.kind, net: talentLedger.netMicroUsd })
    .from(talentLedger)
    .where(inArray(talentLedger.key, [key, `${key}:referral`, `approval:${key}`, `approval:${key}:referral`]));
}

/** The message's earning was reversed exactly once: both sides booked once each, netting to zero per talent. */
async function expectEarningReversedOnce(twin: Twin, fanMessageId: string) {
  const rows = await ledgerOf(fanMessageId);
  const key = `message:${fanMessageId}`;
  expect(rows.map((row) => `${row.kind} ${row.key}`).sort()).toEqual(
    [`EARNING ${key}`, `EARNING ${key}:referral`, `REVERSAL approval:${key}`, `REVERSAL approval:${key}:referral`].sort(),
  );
  const netOf = (talentId: string) => rows.filter((row) => row.talentId === talentId).reduce((sum, row) => sum + row.net, 0);
  expect(rows.find((row) => row.key === key)?.net).toBeGreaterThan(0);
  expect(netOf(twin.talent.id)).toBe(0);
  expect(netOf(twin.referrer.id)).toBe(0);
  expect(await totalFrame(api, twin.talent.id)).toMatchObject({ grossTotal: 0, netTotal: 0 });
}

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
    { role: 'user', content: user },
    { role: 'assistant', content: assistant },
  ],
});

describe('approval mode', () => {
  it('holds the twin’s reply as a draft, charged once at send, and approving it sends the draft as the twin’s', async () => {
    const twin = await newTwin();
    const talentId = twin.talent.id;
    const { fan, userId, chatId, fanMessage, draft } = await heldReply(twin);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await talentMessages(chatId)).toEqual([]);
    const waiting = await fan.client.chat.messages.query({ chatId });
    expect(waiting.awaitingCreator).toBe(true);
    expect(waiting.items.map((message) => message.senderType)).toEqual(['USER']);

    const inbox = await creator.client.talent.replyDrafts.list.query({ talentId, limit: 20 });
    expect(inbox.pendingCount).toBe(1);
    expect(inbox.items).toHaveLength(1);
    expect(draft).toMatchObject({
      chatId,
      fan: { id: userId, isAnonymous: false },
      fanMessage: { id: fanMessage.id, text: 'What did you do this weekend?' },
      expiryAction: 'SEND',
    });
    expect(draft.text.length).toBeGreaterThan(0);
    expect(Date.parse(draft.expiresAt) - Date.parse(draft.createdAt)).toBe(1440 * 60_000);
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 0,
      waiting: 0,
      pendingDrafts: 1,
    });
    const conversation = await creator.client.talent.conversations.get.query({ talentId, chatId });
    expect(conversation.chat.heldReplies).toBe(1);
    expect(conversation.replyApproval).toEqual({ mode: 'TWIN', holdsReplies: true });

    const approved = await creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id });
    expect(approved).toEqual({ status: 'APPROVED', messageId: draft.id, corrected: false });
    expect(await draftStatus(draft.id)).toBe('APPROVED');
    // chat.messages pages newest first: the approved reply leads.
    const seen = await fan.client.chat.messages.query({ chatId });
    expect(seen.awaitingCreator).toBe(false);
    expect(seen.items.at(0)).toMatchObject({ id: draft.id, senderType: 'TALENT', text: draft.text });
    // Charged once, at send: the approval costs nothing more.
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    // The admin sees a twin message (not the creator's) with the prompt the reply job recorded.
    const forAdmin = (await admin.client.chat.messages.query({ chatId })).items.at(0);
    expect(forAdmin).toMatchObject({ id: draft.id, text: draft.text });
    expect(forAdmin).not.toHaveProperty('writtenByCreator');
    const prompt = await admin.client.admin.chats.prompt.query({ chatId, messageId: draft.id });
    expect(prompt.message).toMatchObject({ id: draft.id, senderType: 'TALENT', replyToMessageId: fanMessage.id });
    expect(prompt.prompt).toMatchObject({ llmType: 'OFFLINE', responseText: draft.text });
    expect(prompt.prompt?.messages.at(-1)).toEqual({ type: 'USER', text: 'What did you do this weekend?' });
    const detail = await creator.client.talent.conversations.get.query({ talentId, chatId });
    expect(detail.messages.at(-1)).toMatchObject({ id: draft.id, writtenByCreator: false, correction: null });
    expect(detail.chat.heldReplies).toBe(0);

    const again = await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
    expect(await runReply(chatId, fanMessage.id)).toEqual({ status: 'already-answered', replyMessageId: draft.id });
    expect((await talentMessages(chatId)).map((message) => message.id)).toEqual([draft.id]);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 0,
      waiting: 0,
      pendingDrafts: 0,
    });
  });

  it('sends an edited draft as the creator’s text and keeps it on the twin’s model in the parser’s format', async () => {
    const twin = await newTwin();
    const talentId = twin.talent.id;
    const modelId = await modelWithExamples(twin, 19);
    const { fan, userId, chatId, draft } = await heldReply(twin, 'Which city should I visit in spring?');
    const edited = 'Lisbon, without a doubt.\nGo in April.';

    const decision = await creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id, text: edited });
    expect(decision).toEqual({ status: 'EDITED', messageId: draft.id, corrected: true });
    expect(await draftStatus(draft.id)).toBe('EDITED');
    const shown = (await fan.client.chat.messages.query({ chatId })).items.at(0);
    expect(shown).toMatchObject({ id: draft.id, senderType: 'TALENT', text: edited });
    expect(shown).not.toHaveProperty('writtenByCreator');
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
    const otherTwin = await newTwin({ enabled: false });
    const other = await newFan(otherTwin);
    const asked = await other.fan.client.chat.send.mutate({ chatId: other.chatId, text: 'Coffee or tea?' });
    const otherReply = await runReply(other.chatId, asked.message.id);
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

  it('rejects a draft: no reply, the fan gets back exactly what the message cost, its earning is reversed once', async () => {
    const twin = await newTwin();
    const talentId = twin.talent.id;
    const { fan, userId, chatId, fanMessage, draft } = await heldReply(twin);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);

    const decision = await creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id });
    expect(decision).toEqual({ status: 'REJECTED', messageId: null, corrected: false });
    expect(await draftStatus(draft.id)).toBe('REJECTED');
    expect(await talentMessages(chatId)).toEqual([]);
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(twin, fanMessage.id);
    const fanView = await fan.client.chat.messages.query({ chatId });
    expect(fanView.awaitingCreator).toBe(false);
    // The fan is told their message will not be answered and was refunded.
    expect(fanView.items.find((message) => message.id === fanMessage.id)).toMatchObject({ creditsReturned: true });

    const again = await refusal(creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
    const approveAfter = await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }));
    expect(approveAfter).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(twin, fanMessage.id);
    // The reply job does not answer a rejected message again.
    expect(await runReply(chatId, fanMessage.id)).toEqual({ status: 'skipped', reason: 'already drafted' });
    expect(await talentMessages(chatId)).toEqual([]);
  });

  it('approves a draft sent back with the same text, trimmed, as drafted: no correction', async () => {
    const twin = await newTwin();
    const { chatId, draft } = await heldReply(twin);
    const decision = await creator.client.talent.replyDrafts.approve.mutate({
      talentId: twin.talent.id,
      draftId: draft.id,
      text: `  ${draft.text}  `,
    });
    expect(decision).toEqual({ status: 'APPROVED', messageId: draft.id, corrected: false });
    expect((await talentMessages(chatId)).map((message) => [message.text, message.sentByUserId])).toEqual([[draft.text, null]]);
    expect(await creator.client.talent.corrections.summary.query({ talentId: twin.talent.id })).toMatchObject({ total: 0 });
  });

  it('refuses a hold limit the settings do not offer', async () => {
    const twin = await newTwin();
    const update = refusal(
      creator.client.talent.replyApproval.update.mutate({
        talentId: twin.talent.id,
        enabled: true,
        holdMinutes: 30,
        expiryAction: 'SEND',
      }),
    );
    expect((await update).fieldErrors?.holdMinutes).toEqual(['Choose how long a reply may wait.']);
    expect((await creator.client.talent.replyApproval.get.query({ talentId: twin.talent.id })).holdMinutes).toBe(1440);
  });

  it('follows the fan’s own mode: ALWAYS holds with the twin’s approval off, NEVER answers at once with it on', async () => {
    const off = await newTwin({ enabled: false });
    const always = await newFan(off);
    const set = (talentId: string, chatId: string, mode: 'TWIN' | 'ALWAYS' | 'NEVER') =>
      creator.client.talent.conversations.setReplyApproval.mutate({ talentId, chatId, mode });
    expect(await set(off.talent.id, always.chatId, 'ALWAYS')).toEqual({ mode: 'ALWAYS', holdsReplies: true });
    const detail = await creator.client.talent.conversations.get.query({ talentId: off.talent.id, chatId: always.chatId });
    expect(detail.replyApproval).toEqual({ mode: 'ALWAYS', holdsReplies: true });
    const held = await always.fan.client.chat.send.mutate({ chatId: always.chatId, text: 'Tell me a story' });
    expect((await runReply(always.chatId, held.message.id)).status).toBe('held');
    expect(await talentMessages(always.chatId)).toEqual([]);
    expect(await set(off.talent.id, always.chatId, 'TWIN')).toEqual({ mode: 'TWIN', holdsReplies: false });
    const followsTwin = await always.fan.client.chat.send.mutate({ chatId: always.chatId, text: 'Another story?' });
    expect((await runReply(always.chatId, followsTwin.message.id)).status).toBe('answered');

    const on = await newTwin({ enabled: true });
    const never = await newFan(on);
    expect(await set(on.talent.id, never.chatId, 'NEVER')).toEqual({ mode: 'NEVER', holdsReplies: false });
    const sent = await never.fan.client.chat.send.mutate({ chatId: never.chatId, text: 'Tell me a story' });
    const answered = await runReply(never.chatId, sent.message.id);
    expect(answered.status).toBe('answered');
    expect((await talentMessages(never.chatId)).map((message) => message.replyToMessageId)).toEqual([sent.message.id]);
    expect((await creator.client.talent.replyDrafts.list.query({ talentId: on.talent.id, limit: 20 })).pendingCount).toBe(0);
    const neverDetail = await creator.client.talent.conversations.get.query({ talentId: on.talent.id, chatId: never.chatId });
    expect(neverDetail.replyApproval).toEqual({ mode: 'NEVER', holdsReplies: false });
  });
});

describe('hold limit', () => {
  const minute = 60_000;

  it('sends a draft as drafted once it waited past the limit, and only then', async () => {
    const twin = await newTwin({ holdMinutes: 15, expiryAction: 'SEND' });
    const { userId, chatId, draft } = await heldReply(twin);
    expect(draft).toMatchObject({ expiryAction: 'SEND' });
    const expiresAt = Date.parse(draft.expiresAt);
    expect(expiresAt - Date.parse(draft.createdAt)).toBe(15 * minute);

    expect(await expireHeldReplies(api.database.db, new Date(expiresAt - minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await draftStatus(draft.id)).toBe('PENDING');
    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 1, dropped: 0 });
    expect(await draftStatus(draft.id)).toBe('SENT_ON_EXPIRY');
    const sent = await talentMessages(chatId);
    expect(sent.map((message) => ({ id: message.id, text: message.text, sentByUserId: message.sentByUserId }))).toEqual([
      { id: draft.id, text: draft.text, sentByUserId: null },
    ]);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await talentMessages(chatId)).toHaveLength(1);
  });

  it('drops a draft that waited past the limit and refunds it once, when the creator chose to drop', async () => {
    const twin = await newTwin({ holdMinutes: 15, expiryAction: 'DROP' });
    const { userId, chatId, fanMessage, draft } = await heldReply(twin);
    expect(draft).toMatchObject({ expiryAction: 'DROP' });
    const expiresAt = Date.parse(draft.expiresAt);

    expect(await expireHeldReplies(api.database.db, new Date(expiresAt - minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 0, dropped: 1 });
    expect(await draftStatus(draft.id)).toBe('DROPPED_ON_EXPIRY');
    expect(await talentMessages(chatId)).toEqual([]);
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(twin, fanMessage.id);

    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(twin, fanMessage.id);
    const late = await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId: twin.talent.id, draftId: draft.id }));
    expect(late).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
  });
});

describe('takeover and races', () => {
  it('supersedes a pending draft when the creator takes over and answers, charging the fan once', async () => {
    const twin = await newTwin({ holdMinutes: 15 });
    const talentId = twin.talent.id;
    const { fan, userId, chatId, fanMessage, draft } = await heldReply(twin);
    await creator.client.talent.conversations.takeOver.mutate({ talentId, chatId });
    // Past the hold limit but taken over: the creator is answering, the draft waits.
    const sweep = await expireHeldReplies(api.database.db, new Date(Date.parse(draft.expiresAt) + 60_000));
    expect(sweep.sent + sweep.dropped).toBe(0);
    expect(await draftStatus(draft.id)).toBe('PENDING');

    const own = await creator.client.talent.conversations.send.mutate({ talentId, chatId, text: 'Me, in person: hiking!' });
    expect(own.replyToMessageId).toBe(fanMessage.id);
    expect(await draftStatus(draft.id)).toBe('SUPERSEDED');
    const late = await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }));
    expect(late).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
    expect((await refusal(creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id }))).code).toBe(
      'CONFLICT',
    );
    expect((await talentMessages(chatId)).map((message) => message.id)).toEqual([own.messageId]);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect((await creator.client.talent.replyDrafts.list.query({ talentId, limit: 20 })).pendingCount).toBe(0);
    await creator.client.talent.conversations.handBack.mutate({ talentId, chatId });
    expect((await fan.client.chat.messages.query({ chatId })).awaitingCreator).toBe(false);
    expect(await runReply(chatId, fanMessage.id)).toEqual({ status: 'already-answered', replyMessageId: own.messageId });
  });

  it('decides a draft once when approve and reject arrive together: one message or one refund, never both', async () => {
    const twin = await newTwin();
    const talentId = twin.talent.id;
    for (let round = 0; round < 3; round++) {
      const { userId, chatId, fanMessage, draft } = await heldReply(twin);
      const [approve, reject] = await Promise.allSettled([
        creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }),
        creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id }),
      ]);
      const outcomes = [approve, reject].map((outcome) => outcome.status);
      expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
      const lost = approve.status === 'rejected' ? approve.reason : reject.status === 'rejected' ? reject.reason : undefined;
      expect(await refusal(Promise.reject(lost))).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
      const sent = await talentMessages(chatId);
      if (approve.status === 'fulfilled') {
        expect(await draftStatus(draft.id)).toBe('APPROVED');
        expect(sent.map((message) => message.id)).toEqual([draft.id]);
        expect(await balanceOf(api, userId)).toEqual(chargedBalance);
        expect(await ledgerOf(fanMessage.id)).toHaveLength(2);
      } else {
        expect(await draftStatus(draft.id)).toBe('REJECTED');
        expect(sent).toEqual([]);
        expect(await balanceOf(api, userId)).toEqual(startBalance);
        expect(await ledgerOf(fanMessage.id)).toHaveLength(4);
      }
    }
  });
});

describe('corrections', () => {
  it('keeps a rewritten twin reply on the twin’s model, replaces it on a second rewrite, and refuses a fan message', async () => {
    const twin = await newTwin({ enabled: false });
    const talentId = twin.talent.id;
    const { fan, chatId } = await newFan(twin);
    const { message } = await fan.client.chat.send.mutate({ chatId, text: 'What is your favourite food?' });
    const answered = await runReply(chatId, message.id);
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

describe('object-level access', () => {
  it('refuses another twin’s creator and a fan on every call, whether naming their own twin or this one', async () => {
    const twin = await newTwin();
    const talentId = twin.talent.id;
    const { fan, chatId, draft } = await heldReply(twin);
    // A twin reply to rewrite: this twin answers another fan at once (their chat never holds replies).
    const other = await newFan(twin);
    await creator.client.talent.conversations.setReplyApproval.mutate({ talentId, chatId: other.chatId, mode: 'NEVER' });
    const { message } = await other.fan.client.chat.send.mutate({ chatId: other.chatId, text: 'Hello?' });
    const replied = await runReply(other.chatId, message.id);
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
      ...objectCalls(caller, asTalentId),
    ];
    for (const call of calls(otherCreator, talentId)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    for (const call of calls(fan, talentId)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    for (const call of objectCalls(otherCreator, people.talentB.id)) expect((await refusal(call())).code).toBe('NOT_FOUND');
    // Their own inbox holds none of this twin's drafts.
    const theirs = await otherCreator.client.talent.replyDrafts.list.query({ talentId: people.talentB.id, limit: 20 });
    expect(theirs.items.map((item) => item.id)).not.toContain(draft.id);

    // Nothing moved: the draft still waits, the fan's mode and the twin's settings are as they were.
    expect(await draftStatus(draft.id)).toBe('PENDING');
    expect(await creator.client.talent.replyApproval.get.query({ talentId })).toEqual({
      enabled: true,
      holdMinutes: 1440,
      expiryAction: 'SEND',
    });
    const detail = await creator.client.talent.conversations.get.query({ talentId, chatId });
    expect(detail.replyApproval).toEqual({ mode: 'TWIN', holdsReplies: true });
    expect(await api.database.db.select().from(models).where(eq(models.talentId, talentId))).toEqual([]);
    expect(await talentMessages(chatId)).toEqual([]);
  });
});
