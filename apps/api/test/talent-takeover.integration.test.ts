// Takeover through the real API and Postgres, with the reply job's use case as the worker runs it
// (offline model): a reply job queued before the takeover stores nothing, a fan message while paused
// is charged once and gets no twin reply, the creator's message reaches the fan as the twin's and
// the admin sees it marked, hand-back queues the twin's reply to the message still waiting; and
// another twin's creator is refused every call.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { seedDemoData } from '@doppel/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTalent, messagesOf, replyJobsOf, runOfflineReply, signedInFan, startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creator: Caller;
let otherCreator: Caller;
let admin: Caller;
let twin: Awaited<ReturnType<typeof createTalent>>;
let fanCount = 0;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  [creator, otherCreator, admin] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
    signIn(api, people.admin.email as string),
  ]);
  twin = await createTalent(api, { managerIds: [people.creatorA.id] });
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** A signed-in fan of the twin holding 5 paid credits, and their chat. */
function newFan() {
  fanCount += 1;
  return signedInFan(api, `takeover-fan-${fanCount}@test.dev`, twin.tag, { credits: 0, paidCredits: 5 });
}

const runReply = (chatId: string, messageId: string) => runOfflineReply(api, filesDir, { chatId, messageId });

const scope = (chatId: string) => ({ talentId: twin.talent.id, chatId });

describe('takeover', () => {
  it('pauses the twin (a queued job too), charges the fan once, shows the creator’s message as the twin’s, and resumes on hand-back', async () => {
    const { fan, userId, chatId } = await newFan();
    const queued = await fan.client.chat.send.mutate({ chatId, text: 'Hello there', idempotencyKey: randomUUID() });
    expect(await replyJobsOf(api, chatId)).toEqual([expect.objectContaining({ messageId: queued.message.id })]);

    const taken = await creator.client.talent.conversations.takeOver.mutate(scope(chatId));
    expect(taken.takenOverAt).toBeTruthy();
    // The job queued before the takeover runs now and stores nothing.
    expect(await runReply(chatId, queued.message.id)).toEqual({ status: 'skipped', reason: 'taken over' });

    const waiting = await fan.client.chat.send.mutate({ chatId, text: 'Are you still there?', idempotencyKey: randomUUID() });
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 3 });
    expect(await runReply(chatId, waiting.message.id)).toEqual({ status: 'skipped', reason: 'taken over' });
    const paused = await fan.client.chat.messages.query({ chatId });
    expect(paused.awaitingCreator).toBe(true);
    expect(paused.items.map((message) => message.senderType)).toEqual(['USER', 'USER']);

    const sent = await creator.client.talent.conversations.send.mutate({ ...scope(chatId), text: 'It’s really me, hi!' });
    expect(sent.replyToMessageId).toBe(waiting.message.id);
    // The fan sees a TALENT message marked as written by a person (never which one); their charge is unchanged.
    const [shown] = (await fan.client.chat.messages.query({ chatId })).items;
    expect(shown).toMatchObject({
      id: sent.messageId,
      senderType: 'TALENT',
      text: 'It’s really me, hi!',
      writtenByCreator: true,
    });
    expect(JSON.stringify(shown)).not.toContain('sentByUserId');
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 3 });
    // The admin and the creator see it marked.
    const [forAdmin] = (await admin.client.chat.messages.query({ chatId })).items;
    expect(forAdmin).toMatchObject({ id: sent.messageId, writtenByCreator: true });
    const detail = await creator.client.talent.conversations.get.query(scope(chatId));
    expect(detail.chat.takenOverAt).toBeTruthy();
    expect(detail.messages.at(-1)).toMatchObject({ id: sent.messageId, writtenByCreator: true });
    // Answered by the creator: the twin cannot answer it again even after hand-back.
    expect(await runReply(chatId, waiting.message.id)).toEqual({ status: 'already-answered', replyMessageId: sent.messageId });

    // A message the creator leaves unanswered is the one the twin answers after hand-back.
    const last = await fan.client.chat.send.mutate({ chatId, text: 'Tell me more', idempotencyKey: randomUUID() });
    // pg-boss's table has no order: count the jobs for that message (its send queued one already).
    const jobsFor = async (messageId: string) =>
      (await replyJobsOf(api, chatId)).filter((job) => job.messageId === messageId).length;
    const jobsBefore = (await replyJobsOf(api, chatId)).length;
    expect(await jobsFor(last.message.id)).toBe(1);
    expect(await creator.client.talent.conversations.handBack.mutate(scope(chatId))).toEqual({ takenOverAt: null });
    expect(await replyJobsOf(api, chatId)).toHaveLength(jobsBefore + 1);
    expect(await jobsFor(last.message.id)).toBe(2);
    expect((await fan.client.chat.messages.query({ chatId })).awaitingCreator).toBe(false);
    const answered = await runReply(chatId, last.message.id);
    expect(answered.status).toBe('answered');
    // The first message, skipped while paused, stays without a twin reply: the newest one covers it.
    const talentReplies = (await messagesOf(api, chatId)).filter((message) => message.senderType === 'TALENT');
    expect(talentReplies.map((message) => message.replyToMessageId).sort()).toEqual([waiting.message.id, last.message.id].sort());
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 2 });
  });

  it('queues no reply on hand-back when the creator answered the fan’s last message', async () => {
    const { fan, chatId } = await newFan();
    await creator.client.talent.conversations.takeOver.mutate(scope(chatId));
    await fan.client.chat.send.mutate({ chatId, text: 'Hi', idempotencyKey: randomUUID() });
    await creator.client.talent.conversations.send.mutate({ ...scope(chatId), text: 'Hi yourself' });
    // A second creator message answers nothing (the fan's message already has its answer).
    const second = await creator.client.talent.conversations.send.mutate({ ...scope(chatId), text: 'How are you?' });
    expect(second.replyToMessageId).toBeNull();
    const jobsBefore = (await replyJobsOf(api, chatId)).length;
    await creator.client.talent.conversations.handBack.mutate(scope(chatId));
    expect(await replyJobsOf(api, chatId)).toHaveLength(jobsBefore);
  });

  it('refuses writing before taking over, and validates the text like a fan’s message', async () => {
    const { chatId } = await newFan();
    expect((await refusal(creator.client.talent.conversations.send.mutate({ ...scope(chatId), text: 'Hi' }))).code).toBe(
      'CONFLICT',
    );
    const empty = await refusal(creator.client.talent.conversations.send.mutate({ ...scope(chatId), text: '   ' }));
    expect(empty.fieldErrors?.text).toEqual(['Please write a message']);
  });

  it('refuses another twin’s creator on every call, whether naming their own twin or this one', async () => {
    const { chatId } = await newFan();
    // Each call is made only when awaited, so no refusal goes unobserved.
    const calls = (talentId: string) => [
      () => otherCreator.client.talent.conversations.takeOver.mutate({ talentId, chatId }),
      () => otherCreator.client.talent.conversations.handBack.mutate({ talentId, chatId }),
      () => otherCreator.client.talent.conversations.send.mutate({ talentId, chatId, text: 'Not mine' }),
    ];
    for (const call of calls(twin.talent.id)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    for (const call of calls(people.talentB.id)) expect((await refusal(call())).code).toBe('NOT_FOUND');
    const detail = await creator.client.talent.conversations.get.query(scope(chatId));
    expect(detail.chat.takenOverAt).toBeNull();
    expect(detail.messages).toEqual([]);
  });
});
