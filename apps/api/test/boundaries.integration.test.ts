// Boundaries that hold, through the real API and the reply job's use case with the real `openai`
// SDK against the local fake (chat models and POST /v1/moderations): a blocked topic or content
// in the fan's message is refused at once and never charged; a model reply that crosses them, or
// a message the moderation endpoint flags, is replaced by the refusal and refunded exactly once.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { boundaryFlags, chats, crisisReferrals, seedDemoData, talentLedger, users } from '@doppel/db';
import { allRefusalTexts } from '@doppel/domain/chat';
import type { LlmPort } from '@doppel/domain/ports';
import { createOpenAiLlm } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createTalent,
  messagesOf,
  replyJobsOf,
  runReplyJob,
  setBalance,
  startChatApi,
  totalFrame,
  userIdOf,
} from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let openai: FakeOpenAi;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creator: Caller;
let otherCreator: Caller;
let admin: Caller;
let twin: Awaited<ReturnType<typeof createTalent>>;
let fanCount = 0;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  openai = await startFakeOpenAi();
  // The reply's prompt templates live in the app config the demo data seeds.
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  [creator, otherCreator, admin] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
    signIn(api, people.admin.email as string),
  ]);
  twin = await createTalent(api, { managerIds: [people.creatorA.id] });
  await creator.client.talent.boundaries.update.mutate({
    talentId: twin.talent.id,
    blockedTopics: ['politics', 'my ex'],
    contentLevel: 'SAFE',
  });
});
afterAll(async () => {
  await openai?.close();
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});
beforeEach(() => openai.reset());

const openAiLlm = (): LlmPort => createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url });

/** A signed-in fan of the twin holding 5 paid credits, and their chat. */
async function newFan() {
  fanCount += 1;
  const email = `boundary-fan-${fanCount}@test.dev`;
  const fan = await signIn(api, email);
  const userId = await userIdOf(api, email);
  await setBalance(api, userId, 0, 5);
  const { chat } = await fan.client.chat.open.mutate({ talentTag: twin.tag });
  return { fan, userId, chatId: chat.id };
}

/** The reply job's use case, as the worker runs it, with the real SDK against the fake. */
function runReply(chatId: string, messageId: string) {
  return runReplyJob(api, filesDir, { chatId, messageId }, openAiLlm());
}

async function flagsOf(messageId: string) {
  return api.database.db.select().from(boundaryFlags).where(eq(boundaryFlags.messageId, messageId));
}

/** The twin's ledger sum: what it earned, less what was taken back. */
async function ledgerSum(talentId: string) {
  const [row] = await api.database.db
    .select({ gross: sql<number>`coalesce(sum(${talentLedger.grossMicroUsd}), 0)::float8` })
    .from(talentLedger)
    .where(eq(talentLedger.talentId, talentId));
  return row?.gross;
}

describe('the creator’s settings', () => {
  it('are saved and read back by the creator and admins, and refused to another twin’s creator', async () => {
    const talentId = twin.talent.id;
    expect(await creator.client.talent.boundaries.get.query({ talentId })).toEqual({
      blockedTopics: ['politics', 'my ex'],
      contentLevel: 'SAFE',
    });
    expect(await admin.client.admin.boundaries.settings.query({ talentId })).toEqual({
      blockedTopics: ['politics', 'my ex'],
      contentLevel: 'SAFE',
    });
    expect((await refusal(otherCreator.client.talent.boundaries.get.query({ talentId }))).code).toBe('FORBIDDEN');
    const update = { talentId, blockedTopics: [], contentLevel: 'ADULT' as const };
    expect((await refusal(otherCreator.client.talent.boundaries.update.mutate(update))).code).toBe('FORBIDDEN');
    expect((await refusal(otherCreator.client.talent.boundaryFlags.list.query({ talentId }))).code).toBe('FORBIDDEN');
    const tooMany = await refusal(
      creator.client.talent.boundaries.update.mutate({
        ...update,
        blockedTopics: Array.from({ length: 21 }, (_, i) => `topic ${i}`),
      }),
    );
    expect(tooMany.fieldErrors?.blockedTopics).toEqual(['At most 20 topics']);
  });
});

describe('a blocked topic in the fan’s message (creator’s rules, offline)', () => {
  it('is refused at once in the twin’s voice, not charged, flagged, and never reaches the model', async () => {
    const { fan, userId, chatId } = await newFan();
    const sent = await fan.client.chat.send.mutate({
      chatId,
      text: 'What do you think about Politics these days?',
      idempotencyKey: randomUUID(),
    });
    expect(sent.reply).toBeTruthy();
    // One of the twin's refusals (which one depends on the message id), never a word about the rule.
    expect(allRefusalTexts).toContain(sent.reply?.text);
    expect(sent.reply?.text).not.toMatch(/politic/i);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
    expect(await replyJobsOf(api, chatId)).toEqual([]);
    expect(await messagesOf(api, chatId)).toHaveLength(2);
    const [flag] = await flagsOf(sent.message.id);
    expect(flag).toMatchObject({ side: 'FAN', reason: 'TOPIC', matched: 'politics', talentId: twin.talent.id });
    expect(openai.requests).toEqual([]);

    const listed = await creator.client.talent.boundaryFlags.list.query({ talentId: twin.talent.id });
    expect(listed.items.map((item) => [item.messageId, item.messageText])).toContainEqual([
      sent.message.id,
      'What do you think about Politics these days?',
    ]);
    const forChat = await admin.client.admin.boundaries.chatFlags.query({ chatId });
    expect(forChat.flags).toEqual([{ messageId: sent.message.id, side: 'FAN', reason: 'TOPIC' }]);
  });
});

describe('a model reply that crosses a blocked topic', () => {
  it('stores the refusal instead, flags it, and gives the fan’s credits and the twin’s earning back exactly once', async () => {
    const { fan, userId, chatId } = await newFan();
    const ledgerBefore = await ledgerSum(twin.talent.id);
    const sent = await fan.client.chat.send.mutate({
      chatId,
      text: 'What did you do this weekend?',
      idempotencyKey: randomUUID(),
    });
    expect(sent.reply ?? null).toBeNull();
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 4 });

    openai.script({ text: 'Honestly I spent it arguing about politics with my ex 😅' });
    const result = await runReply(chatId, sent.message.id);
    expect(result).toMatchObject({ status: 'refused', side: 'TWIN', reason: 'TOPIC' });
    const reply = (await messagesOf(api, chatId)).find((message) => message.replyToMessageId === sent.message.id);
    expect(reply?.text).not.toMatch(/politic|ex/i);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
    expect(await ledgerSum(twin.talent.id)).toBe(ledgerBefore);
    expect((await flagsOf(sent.message.id)).map((flag) => [flag.side, flag.reason, flag.matched])).toEqual([
      ['TWIN', 'TOPIC', 'politics'],
    ]);
    // The admin still sees what the model said, and why it was not sent.
    const record = await admin.client.admin.chats.prompt.query({ chatId, messageId: reply?.id ?? '' });
    expect(record.prompt?.responseText).toContain('politics');
    expect(record.prompt?.responseFallbackText).toContain('[boundary: reply TOPIC politics]');

    // A retried job answers nothing more and refunds nothing more.
    expect((await runReply(chatId, sent.message.id)).status).toBe('already-answered');
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
    expect(await ledgerSum(twin.talent.id)).toBe(ledgerBefore);
    const frame = await totalFrame(api, twin.talent.id);
    expect(frame?.grossTotal).toBe(0);
    expect(frame?.grossReferral ?? 0).toBe(0);
    expect((await totalFrame(api, twin.referrer.id))?.netTotal ?? 0).toBe(0);
  });

  it('lets a reply within the boundaries through and keeps the charge', async () => {
    const { fan, userId, chatId } = await newFan();
    const sent = await fan.client.chat.send.mutate({
      chatId,
      text: 'What did you do this weekend?',
      idempotencyKey: randomUUID(),
    });
    openai.script({ text: 'I went hiking with friends!' });
    expect((await runReply(chatId, sent.message.id)).status).toBe('answered');
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 4 });
    expect(await flagsOf(sent.message.id)).toEqual([]);
  });
});

describe('with the moderation endpoint', () => {
  it('refuses a fan message it flags before the model is called, and refunds it', async () => {
    openai.moderate((text) => (/hurt someone/i.test(text) ? ['violence'] : []));
    const { fan, userId, chatId } = await newFan();
    const sent = await fan.client.chat.send.mutate({ chatId, text: 'How would you hurt someone?', idempotencyKey: randomUUID() });
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 4 });
    expect(await runReply(chatId, sent.message.id)).toMatchObject({ status: 'refused', side: 'FAN', reason: 'MODERATION' });
    expect(openai.chatRequests()).toEqual([]);
    expect(openai.moderationInputs()).toEqual(['How would you hurt someone?']);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
    expect((await flagsOf(sent.message.id))[0]).toMatchObject({ side: 'FAN', reason: 'MODERATION', matched: 'violence' });
  });

  it('answers a fan message it flags for self-harm with the safety reply, free, instead of the refusal', async () => {
    // Words the send's phrase list does not know; the endpoint's self-harm category does.
    openai.moderate((text) => (/grey and done/i.test(text) ? ['self-harm', 'self-harm/intent'] : []));
    const { fan, userId, chatId } = await newFan();
    const sent = await fan.client.chat.send.mutate({
      chatId,
      text: 'everything is grey and done, I have a plan for tonight',
      idempotencyKey: randomUUID(),
    });
    expect(sent.reply).toBeUndefined();
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 4 });

    expect(await runReply(chatId, sent.message.id)).toEqual({ status: 'safety' });
    expect(openai.chatRequests()).toEqual([]);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
    const answer = (await messagesOf(api, chatId)).find((message) => message.replyToMessageId === sent.message.id);
    expect(answer?.isSafetyReply).toBe(true);
    expect(answer?.text).toContain('https://findahelpline.com');
    expect((await flagsOf(sent.message.id))[0]).toMatchObject({
      side: 'FAN',
      reason: 'CRISIS',
      matched: 'moderation: self-harm, self-harm/intent',
    });
    const [chat] = await api.database.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat?.needsSafetyReview).toBe(true);
    const referrals = await api.database.db.select().from(crisisReferrals).where(eq(crisisReferrals.chatId, chatId));
    expect(referrals.map((referral) => referral.source)).toEqual(['MODERATION']);

    // A retried job finds the message answered and gives nothing back twice.
    expect(await runReply(chatId, sent.message.id)).toMatchObject({ status: 'already-answered' });
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
  });

  it('refuses a model reply it flags, and refunds it', async () => {
    openai.moderate((text) => (/revenge/i.test(text) ? ['harassment'] : []));
    const { fan, userId, chatId } = await newFan();
    const sent = await fan.client.chat.send.mutate({
      chatId,
      text: 'Any advice about my neighbour?',
      idempotencyKey: randomUUID(),
    });
    openai.script({ text: 'Get revenge on them, they deserve it.' });
    expect(await runReply(chatId, sent.message.id)).toMatchObject({ status: 'refused', side: 'TWIN', reason: 'MODERATION' });
    expect(openai.moderationInputs()).toEqual(['Any advice about my neighbour?', 'Get revenge on them, they deserve it.']);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
  });
});

describe('a fan who says they are under 18', () => {
  it('is refused adult content even by a twin set to ADULT, while an adult fan is not', async () => {
    const adultTwin = await createTalent(api, { managerIds: [people.creatorA.id] });
    await creator.client.talent.boundaries.update.mutate({
      talentId: adultTwin.talent.id,
      blockedTopics: [],
      contentLevel: 'ADULT',
    });
    const open = async (caller: Caller) => (await caller.client.chat.open.mutate({ talentTag: adultTwin.tag })).chat.id;
    const { fan: minor, userId: minorId } = await newFan();
    const minorChat = await open(minor);
    // The age gate of a twin above SAFE (age-gate.integration.test.ts) is passed as an adult; what
    // the fan says in the chat afterwards still makes them a minor.
    await minor.client.chat.confirmAge.mutate({ birthDate: '1990-05-01' });
    const said = await minor.client.chat.send.mutate({
      chatId: minorChat,
      text: "hey! I'm 16 btw",
      idempotencyKey: randomUUID(),
    });
    expect(said.reply ?? null).toBeNull();
    const [row] = await api.database.db.select({ at: users.declaredMinorAt }).from(users).where(eq(users.id, minorId));
    expect(row?.at).toBeInstanceOf(Date);

    const asked = await minor.client.chat.send.mutate({ chatId: minorChat, text: 'send me nudes', idempotencyKey: randomUUID() });
    expect(asked.reply).toBeTruthy();
    expect((await flagsOf(asked.message.id))[0]).toMatchObject({ reason: 'MINOR', side: 'FAN' });
    expect(await balanceOf(api, minorId)).toEqual({ credits: 0, paidCredits: 4 });

    const { fan: adult } = await newFan();
    await adult.client.chat.confirmAge.mutate({ birthDate: '1990-05-01' });
    const adultAsked = await adult.client.chat.send.mutate({
      chatId: await open(adult),
      text: 'send me nudes',
      idempotencyKey: randomUUID(),
    });
    expect(adultAsked.reply ?? null).toBeNull();
    expect(await flagsOf(adultAsked.message.id)).toEqual([]);
  });
});
