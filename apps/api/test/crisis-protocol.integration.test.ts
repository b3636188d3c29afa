// The crisis protocol (docs/safety.md) through the real API, Postgres and tRPC client, with the
// offline phrase list (the default without an OpenAI key): a message that speaks of suicide or
// self-harm gets the safety reply with the fan's country's services instead of the twin, is never
// charged, is flagged for the admins' Safety filter and the creator's conversation view; repeated
// ones keep the twin out for the admins' pause; the admins' Safety report counts referrals by month.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chats, crisisReferrals, seedDemoData, talentLedger } from '@doppel/db';
import { answerFanMessage } from '@doppel/domain/chat/reply';
import type { LlmPort } from '@doppel/domain/ports';
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { defaultCrisisReplyText } from '@doppel/validation';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  balanceOf,
  createTalent,
  messagesOf,
  replyJobsOf,
  runOfflineReply,
  setBalance,
  startChatApi,
  userIdOf,
} from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creator: Caller;
let admin: Caller;
let twin: Awaited<ReturnType<typeof createTalent>>;
let fanCount = 0;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  [creator, admin] = await Promise.all([signIn(api, people.creatorA.email as string), signIn(api, people.admin.email as string)]);
  twin = await createTalent(api, { managerIds: [people.creatorA.id], creditsToSendMessage: 2 });
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** A signed-in fan whose browser speaks `language`, holding 10 paid credits, and their chat. */
async function newFan(language = 'en-US,en;q=0.9') {
  fanCount += 1;
  const email = `crisis-fan-${fanCount}@test.dev`;
  const fan = await signIn(api, email, { acceptLanguage: language });
  const userId = await userIdOf(api, email);
  await setBalance(api, userId, 0, 10);
  const { chat } = await fan.client.chat.open.mutate({ talentTag: twin.tag });
  return { fan, userId, chatId: chat.id };
}

const send = (fan: Caller, chatId: string, text: string) =>
  fan.client.chat.send.mutate({ chatId, text, idempotencyKey: randomUUID() });

async function ledgerOf(talentId: string) {
  return api.database.db.select().from(talentLedger).where(eq(talentLedger.talentId, talentId));
}

describe('a message that speaks of suicide or self-harm', () => {
  it('gets the safety reply with 988, costs nothing, books nothing and queues no twin reply', async () => {
    const { fan, userId, chatId } = await newFan();
    const ledgerBefore = (await ledgerOf(twin.talent.id)).length;
    const sent = await send(fan, chatId, 'honestly I want to kill myself');

    expect(sent.reply?.safetyReply).toBe(true);
    expect(sent.reply?.senderType).toBe('TALENT');
    expect(sent.reply?.text.startsWith(defaultCrisisReplyText)).toBe(true);
    expect(sent.reply?.text).toContain('988 Suicide & Crisis Lifeline: 988');
    expect(sent.balance).toEqual({ credits: 0, paidCredits: 10 });
    expect(await balanceOf(api, userId)).toMatchObject({ credits: 0, paidCredits: 10 });
    expect(await replyJobsOf(api, chatId)).toEqual([]);
    expect((await ledgerOf(twin.talent.id)).length).toBe(ledgerBefore);

    // The fan's own reading of the chat marks it too.
    const page = await fan.client.chat.messages.query({ chatId });
    expect(page.items.find((message) => message.id === sent.reply?.id)?.safetyReply).toBe(true);
  });

  it('refers a fan in the UK to Samaritans, and one whose country is unknown to findahelpline.com', async () => {
    const uk = await newFan('en-GB,en;q=0.9');
    expect((await send(uk.fan, uk.chatId, 'I’m SUICIDAL!!!')).reply?.text).toContain('Samaritans: 116 123');
    const unknown = await newFan('fr');
    expect((await send(unknown.fan, unknown.chatId, 'i dont want to be alive anymore')).reply?.text).toContain(
      'https://findahelpline.com',
    );
  });

  it('is answered even at 0 credits, instead of the out-of-credits answer', async () => {
    const { fan, userId, chatId } = await newFan();
    await setBalance(api, userId, 0, 0);
    const sent = await send(fan, chatId, 'everyone would be better off without me');
    expect(sent.reply?.safetyReply).toBe(true);
    expect(sent.reply?.callToAction).toBeNull();
  });

  it('flags the chat for the Safety filter, the message for admins and the creator', async () => {
    const { fan, chatId } = await newFan();
    const sent = await send(fan, chatId, 'I keep hurting myself');

    const safety = await admin.client.admin.chats.list.query({ filter: 'needsSafetyReview' });
    expect(safety.items.map((chat) => chat.id)).toContain(chatId);
    expect(safety.items.every((chat) => chat.flags.needsSafetyReview)).toBe(true);
    const flags = await admin.client.admin.boundaries.chatFlags.query({ chatId });
    expect(flags.flags).toEqual([{ messageId: sent.message.id, side: 'FAN', reason: 'CRISIS' }]);

    const conversation = await creator.client.talent.conversations.get.query({ talentId: twin.talent.id, chatId });
    const fanMessage = conversation.messages.find((message) => message.id === sent.message.id);
    expect(fanMessage?.boundaryFlag).toMatchObject({ reason: 'CRISIS', matched: 'phrases: hurt myself' });
    expect(conversation.messages.find((message) => message.id === sent.reply?.id)?.isSafetyReply).toBe(true);
  });

  it('lets an ordinary figure of speech through to the twin, charged as usual', async () => {
    const { fan, userId, chatId } = await newFan();
    const sent = await send(fan, chatId, 'this workout is killing me, I’d die for a pizza');
    expect(sent.reply).toBeUndefined();
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 8 });
    expect(await replyJobsOf(api, chatId)).toHaveLength(1);
    const [chat] = await api.database.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat?.needsSafetyReview).toBe(false);
  });
});

describe('repeated crisis messages', () => {
  it('keep the twin out for the pause: every message gets the safety reply, free, until it ends', async () => {
    const { fan, userId, chatId } = await newFan();
    await send(fan, chatId, 'I want to die');
    // One crisis message alone: the twin answers the next one.
    const next = await send(fan, chatId, 'sorry, tell me about your day');
    expect(next.reply).toBeUndefined();
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 8 });

    await send(fan, chatId, 'I really want to end my life');
    // The reply still owed to "tell me about your day" (its job has not run here) is stood down
    // and what the message cost given back (stand-down.ts).
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 10 });
    const [paused] = await api.database.db.select().from(chats).where(eq(chats.id, chatId));
    const hours = ((paused?.personaPausedUntil?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const during = await send(fan, chatId, 'what is your favourite movie?');
    expect(during.reply?.safetyReply).toBe(true);
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 10 });
    expect(await replyJobsOf(api, chatId)).toHaveLength(1);

    // The pause over (moved into the past here), the twin is back and the message is charged.
    await api.database.db
      .update(chats)
      .set({ personaPausedUntil: new Date(Date.now() - 1000) })
      .where(eq(chats.id, chatId));
    const after = await send(fan, chatId, 'what is your favourite song?');
    expect(after.reply).toBeUndefined();
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 8 });
  });
});

describe('replies the twin still owed when the safety reply came', () => {
  /** The fan's paid credits and the twin's ledger entries for one message. */
  const ledgerFor = async (messageId: string) =>
    (await ledgerOf(twin.talent.id)).filter((entry) => entry.key.endsWith(`message:${messageId}`)).map((entry) => entry.key);

  it('are not sent afterwards: what those messages cost is given back once, and their earnings reversed', async () => {
    const { fan, userId, chatId } = await newFan();
    const hello = await send(fan, chatId, 'hi, how was your day?');
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 8 });
    expect(await ledgerFor(hello.message.id)).toEqual([`message:${hello.message.id}`]);

    const crisis = await send(fan, chatId, 'actually I want to kill myself');
    expect(crisis.reply?.safetyReply).toBe(true);
    expect(crisis.balance).toEqual({ credits: 0, paidCredits: 10 });
    expect((await ledgerFor(hello.message.id)).sort()).toEqual([
      `message:${hello.message.id}`,
      `safety:message:${hello.message.id}`,
    ]);

    // The job queued for "hi" runs now: it stands down, and stores nothing.
    expect(await runOfflineReply(api, filesDir, { chatId, messageId: hello.message.id })).toEqual({
      status: 'skipped',
      reason: 'a safety reply came after it',
    });
    const messages = await messagesOf(api, chatId);
    expect(messages.filter((message) => message.replyToMessageId === hello.message.id)).toEqual([]);

    // A second crisis message gives nothing back again.
    await send(fan, chatId, 'i wish i was dead');
    expect(await balanceOf(api, userId)).toMatchObject({ credits: 0, paidCredits: 10 });
    expect(await ledgerFor(hello.message.id)).toHaveLength(2);

    // The twin answers the fan's next message as usual, charged.
    const next = await api.database.db.update(chats).set({ personaPausedUntil: null }).where(eq(chats.id, chatId)).returning();
    expect(next).toHaveLength(1);
    const later = await send(fan, chatId, 'thank you, what are you up to?');
    expect(later.reply).toBeUndefined();
    expect(await runOfflineReply(api, filesDir, { chatId, messageId: later.message.id })).toMatchObject({ status: 'answered' });
  });

  it('written while the safety reply was being stored, is rolled back instead of sent', async () => {
    const { fan, userId, chatId } = await newFan();
    const hello = await send(fan, chatId, 'what music do you like?');
    // The model is still writing "hi"'s answer when the fan's crisis message arrives.
    let release = () => {};
    const writing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const offline = createOfflineLlm();
    let asked = false;
    const slowLlm: LlmPort = {
      ...offline,
      complete: async (request, options) => {
        asked = true;
        await writing;
        return offline.complete(request, options);
      },
    };
    const reply = answerFanMessage(
      { db: api.database.db, llm: slowLlm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) },
      { chatId, messageId: hello.message.id },
    );
    await vi.waitFor(() => expect(asked).toBe(true), { timeout: 10_000 });
    expect((await send(fan, chatId, 'I want to end my life')).reply?.safetyReply).toBe(true);
    release();
    expect(await reply).toEqual({ status: 'skipped', reason: 'a safety reply came after it' });
    const messages = await messagesOf(api, chatId);
    expect(messages.filter((message) => message.replyToMessageId === hello.message.id)).toEqual([]);
    expect(await balanceOf(api, userId)).toMatchObject({ paidCredits: 10 });
  });
});

describe('the crisis settings (admin App)', () => {
  it('change the caring message and the pause; bad values are refused and change nothing', async () => {
    const before = await admin.client.admin.crisis.get.query();
    expect(before).toMatchObject({ replyText: '', pauseHours: 24, defaultReplyText: defaultCrisisReplyText });

    const bad = await refusal(admin.client.admin.crisis.update.mutate({ replyText: 'x', pauseHours: 0 }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.message).toContain('Enter whole hours between 1 and 720');
    expect(await admin.client.admin.crisis.get.query()).toMatchObject({ replyText: '', pauseHours: 24 });

    const creatorTry = await refusal(creator.client.admin.crisis.update.mutate({ replyText: 'x', pauseHours: 2 }));
    expect(creatorTry.code).toBe('FORBIDDEN');

    await admin.client.admin.crisis.update.mutate({ replyText: 'We are here for you.', pauseHours: 2 });
    const { fan, chatId } = await newFan();
    const first = await send(fan, chatId, 'I want to unalive myself');
    expect(first.reply?.text.startsWith('We are here for you.\n')).toBe(true);
    await send(fan, chatId, 'i wish i was dead');
    const [paused] = await api.database.db.select().from(chats).where(eq(chats.id, chatId));
    const hours = ((paused?.personaPausedUntil?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    await admin.client.admin.crisis.update.mutate({ replyText: '', pauseHours: 24 });
  });
});

describe('the Safety report', () => {
  it('counts referrals by month without any message text, and exports them as CSV', async () => {
    // Two referrals of an earlier month, as a past year's rows would be.
    await api.database.db.insert(crisisReferrals).values([
      { source: 'PHRASES', country: 'US', createdAt: new Date('2026-03-10T12:00:00Z') },
      { source: 'PAUSED', country: 'US', createdAt: new Date('2026-03-31T23:59:00Z') },
    ]);
    const { months } = await admin.client.admin.safety.report.query();
    const march = months.find((month) => month.month === '2026-03');
    expect(march).toEqual({ month: '2026-03', referrals: 2, detected: 1, whilePaused: 1, chats: 0 });

    const thisMonth = new Date().toISOString().slice(0, 7);
    const current = months.find((month) => month.month === thisMonth);
    const stored = await api.database.db.select().from(crisisReferrals).where(like(crisisReferrals.source, '%'));
    const storedThisMonth = stored.filter((row) => row.createdAt.toISOString().startsWith(thisMonth));
    expect(current?.referrals).toBe(storedThisMonth.length);
    expect(current?.whilePaused).toBe(storedThisMonth.filter((row) => row.source === 'PAUSED').length);
    expect(months.map((month) => month.month)).toEqual([...months.map((month) => month.month)].sort().reverse());

    const exported = await admin.client.admin.safety.reportCsv.query();
    expect(exported.filename).toMatch(/^doppel-crisis-referrals-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = exported.csv.trimEnd().split('\n');
    expect(lines[0]).toBe('month,referrals,detected,while_paused,chats');
    expect(lines).toContain('2026-03,2,1,1,0');
    expect(exported.csv).not.toMatch(/kill|die|suicid/i);
  });

  it('is for admins only', async () => {
    expect((await refusal(creator.client.admin.safety.report.query())).code).toBe('FORBIDDEN');
    expect((await refusal(creator.client.admin.safety.reportCsv.query())).code).toBe('FORBIDDEN');
    const { fan } = await newFan();
    expect((await refusal(fan.client.admin.safety.report.query())).code).toBe('FORBIDDEN');
  });
});
