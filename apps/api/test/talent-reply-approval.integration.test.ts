// Approval mode through the real API and Postgres, with the reply job's use case as the worker runs
// it (offline model): a held reply is charged once, at the fan's send; approving sends it as drafted,
// rejecting and dropping refund the message and reverse its earning once; the settings offer only
// their hold limits and a fan's own mode overrides the twin's; the hold limit sends or drops; a
// takeover supersedes a draft; and approve and reject race to one decision. Edited drafts, which
// train the twin's model, and who may call all this are proved in talent-corrections.
import { randomUUID } from 'node:crypto';
import { expireHeldReplies } from '@doppel/domain/talent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from './chat-fixtures.ts';
import { type Api, type Caller, refusal } from './harness.ts';
import {
  type ApprovalSuite,
  chargedBalance,
  draftStatus,
  expectEarningReversedOnce,
  heldReply,
  ledgerOf,
  newFan,
  newTwin,
  runReply,
  startApprovalSuite,
  startBalance,
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

const alreadyHandled = 'This reply was already handled.';

describe('approval mode', () => {
  it('holds the twin’s reply as a draft, charged once at send, and approving it sends the draft as the twin’s', async () => {
    const twin = await newTwin(suite);
    const talentId = twin.talent.id;
    const { fan, userId, chatId, fanMessage, draft } = await heldReply(suite, twin);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await talentMessages(api, chatId)).toEqual([]);
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
    expect(await draftStatus(api, draft.id)).toBe('APPROVED');
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
    expect(await runReply(suite, chatId, fanMessage.id)).toEqual({ status: 'already-answered', replyMessageId: draft.id });
    expect((await talentMessages(api, chatId)).map((message) => message.id)).toEqual([draft.id]);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await creator.client.talent.corrections.summary.query({ talentId })).toEqual({
      total: 0,
      waiting: 0,
      pendingDrafts: 0,
    });
  });

  it('rejects a draft: no reply, the fan gets back exactly what the message cost, its earning is reversed once', async () => {
    const twin = await newTwin(suite);
    const talentId = twin.talent.id;
    const { fan, userId, chatId, fanMessage, draft } = await heldReply(suite, twin);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);

    const decision = await creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id });
    expect(decision).toEqual({ status: 'REJECTED', messageId: null, corrected: false });
    expect(await draftStatus(api, draft.id)).toBe('REJECTED');
    expect(await talentMessages(api, chatId)).toEqual([]);
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(api, twin, fanMessage.id);
    const fanView = await fan.client.chat.messages.query({ chatId });
    expect(fanView.awaitingCreator).toBe(false);
    // The fan is told their message will not be answered and was refunded.
    expect(fanView.items.find((message) => message.id === fanMessage.id)).toMatchObject({ creditsReturned: true });

    const again = await refusal(creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
    const approveAfter = await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }));
    expect(approveAfter).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(api, twin, fanMessage.id);
    // The reply job does not answer a rejected message again.
    expect(await runReply(suite, chatId, fanMessage.id)).toEqual({ status: 'skipped', reason: 'already drafted' });
    expect(await talentMessages(api, chatId)).toEqual([]);
  });

  it('approves a draft sent back with the same text, trimmed, as drafted: no correction', async () => {
    const twin = await newTwin(suite);
    const { chatId, draft } = await heldReply(suite, twin);
    const decision = await creator.client.talent.replyDrafts.approve.mutate({
      talentId: twin.talent.id,
      draftId: draft.id,
      text: `  ${draft.text}  `,
    });
    expect(decision).toEqual({ status: 'APPROVED', messageId: draft.id, corrected: false });
    expect((await talentMessages(api, chatId)).map((message) => [message.text, message.sentByUserId])).toEqual([
      [draft.text, null],
    ]);
    expect(await creator.client.talent.corrections.summary.query({ talentId: twin.talent.id })).toMatchObject({ total: 0 });
  });

  it('refuses a hold limit the settings do not offer', async () => {
    const twin = await newTwin(suite);
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
    const off = await newTwin(suite, { enabled: false });
    const always = await newFan(api, off);
    const set = (talentId: string, chatId: string, mode: 'TWIN' | 'ALWAYS' | 'NEVER') =>
      creator.client.talent.conversations.setReplyApproval.mutate({ talentId, chatId, mode });
    expect(await set(off.talent.id, always.chatId, 'ALWAYS')).toEqual({ mode: 'ALWAYS', holdsReplies: true });
    const detail = await creator.client.talent.conversations.get.query({ talentId: off.talent.id, chatId: always.chatId });
    expect(detail.replyApproval).toEqual({ mode: 'ALWAYS', holdsReplies: true });
    const held = await always.fan.client.chat.send.mutate({
      chatId: always.chatId,
      text: 'Tell me a story',
      idempotencyKey: randomUUID(),
    });
    expect((await runReply(suite, always.chatId, held.message.id)).status).toBe('held');
    expect(await talentMessages(api, always.chatId)).toEqual([]);
    expect(await set(off.talent.id, always.chatId, 'TWIN')).toEqual({ mode: 'TWIN', holdsReplies: false });
    const followsTwin = await always.fan.client.chat.send.mutate({
      chatId: always.chatId,
      text: 'Another story?',
      idempotencyKey: randomUUID(),
    });
    expect((await runReply(suite, always.chatId, followsTwin.message.id)).status).toBe('answered');

    const on = await newTwin(suite, { enabled: true });
    const never = await newFan(api, on);
    expect(await set(on.talent.id, never.chatId, 'NEVER')).toEqual({ mode: 'NEVER', holdsReplies: false });
    const sent = await never.fan.client.chat.send.mutate({
      chatId: never.chatId,
      text: 'Tell me a story',
      idempotencyKey: randomUUID(),
    });
    const answered = await runReply(suite, never.chatId, sent.message.id);
    expect(answered.status).toBe('answered');
    expect((await talentMessages(api, never.chatId)).map((message) => message.replyToMessageId)).toEqual([sent.message.id]);
    expect((await creator.client.talent.replyDrafts.list.query({ talentId: on.talent.id, limit: 20 })).pendingCount).toBe(0);
    const neverDetail = await creator.client.talent.conversations.get.query({ talentId: on.talent.id, chatId: never.chatId });
    expect(neverDetail.replyApproval).toEqual({ mode: 'NEVER', holdsReplies: false });
  });
});

describe('hold limit', () => {
  const minute = 60_000;

  it('sends a draft as drafted once it waited past the limit, and only then', async () => {
    const twin = await newTwin(suite, { holdMinutes: 15, expiryAction: 'SEND' });
    const { userId, chatId, draft } = await heldReply(suite, twin);
    expect(draft).toMatchObject({ expiryAction: 'SEND' });
    const expiresAt = Date.parse(draft.expiresAt);
    expect(expiresAt - Date.parse(draft.createdAt)).toBe(15 * minute);

    expect(await expireHeldReplies(api.database.db, new Date(expiresAt - minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await draftStatus(api, draft.id)).toBe('PENDING');
    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 1, dropped: 0 });
    expect(await draftStatus(api, draft.id)).toBe('SENT_ON_EXPIRY');
    const sent = await talentMessages(api, chatId);
    expect(sent.map((message) => ({ id: message.id, text: message.text, sentByUserId: message.sentByUserId }))).toEqual([
      { id: draft.id, text: draft.text, sentByUserId: null },
    ]);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await talentMessages(api, chatId)).toHaveLength(1);
  });

  it('drops a draft that waited past the limit and refunds it once, when the creator chose to drop', async () => {
    const twin = await newTwin(suite, { holdMinutes: 15, expiryAction: 'DROP' });
    const { userId, chatId, fanMessage, draft } = await heldReply(suite, twin);
    expect(draft).toMatchObject({ expiryAction: 'DROP' });
    const expiresAt = Date.parse(draft.expiresAt);

    expect(await expireHeldReplies(api.database.db, new Date(expiresAt - minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 0, dropped: 1 });
    expect(await draftStatus(api, draft.id)).toBe('DROPPED_ON_EXPIRY');
    expect(await talentMessages(api, chatId)).toEqual([]);
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(api, twin, fanMessage.id);

    expect(await expireHeldReplies(api.database.db, new Date(expiresAt + minute))).toEqual({ sent: 0, dropped: 0 });
    expect(await balanceOf(api, userId)).toEqual(startBalance);
    await expectEarningReversedOnce(api, twin, fanMessage.id);
    const late = await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId: twin.talent.id, draftId: draft.id }));
    expect(late).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
  });
});

describe('takeover and races', () => {
  it('supersedes a pending draft when the creator takes over and answers, charging the fan once', async () => {
    const twin = await newTwin(suite, { holdMinutes: 15 });
    const talentId = twin.talent.id;
    const { fan, userId, chatId, fanMessage, draft } = await heldReply(suite, twin);
    await creator.client.talent.conversations.takeOver.mutate({ talentId, chatId });
    // Past the hold limit but taken over: the creator is answering, the draft waits.
    const sweep = await expireHeldReplies(api.database.db, new Date(Date.parse(draft.expiresAt) + 60_000));
    expect(sweep.sent + sweep.dropped).toBe(0);
    expect(await draftStatus(api, draft.id)).toBe('PENDING');

    const own = await creator.client.talent.conversations.send.mutate({ talentId, chatId, text: 'Me, in person: hiking!' });
    expect(own.replyToMessageId).toBe(fanMessage.id);
    expect(await draftStatus(api, draft.id)).toBe('SUPERSEDED');
    const late = await refusal(creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }));
    expect(late).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
    expect((await refusal(creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id }))).code).toBe(
      'CONFLICT',
    );
    expect((await talentMessages(api, chatId)).map((message) => message.id)).toEqual([own.messageId]);
    expect(await balanceOf(api, userId)).toEqual(chargedBalance);
    expect((await creator.client.talent.replyDrafts.list.query({ talentId, limit: 20 })).pendingCount).toBe(0);
    await creator.client.talent.conversations.handBack.mutate({ talentId, chatId });
    expect((await fan.client.chat.messages.query({ chatId })).awaitingCreator).toBe(false);
    expect(await runReply(suite, chatId, fanMessage.id)).toEqual({ status: 'already-answered', replyMessageId: own.messageId });
  });

  it('decides a draft once when approve and reject arrive together: one message or one refund, never both', async () => {
    const twin = await newTwin(suite);
    const talentId = twin.talent.id;
    for (let round = 0; round < 3; round++) {
      const { userId, chatId, fanMessage, draft } = await heldReply(suite, twin);
      const [approve, reject] = await Promise.allSettled([
        creator.client.talent.replyDrafts.approve.mutate({ talentId, draftId: draft.id }),
        creator.client.talent.replyDrafts.reject.mutate({ talentId, draftId: draft.id }),
      ]);
      const outcomes = [approve, reject].map((outcome) => outcome.status);
      expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
      const lost = approve.status === 'rejected' ? approve.reason : reject.status === 'rejected' ? reject.reason : undefined;
      expect(await refusal(Promise.reject(lost))).toMatchObject({ code: 'CONFLICT', message: alreadyHandled });
      const sent = await talentMessages(api, chatId);
      if (approve.status === 'fulfilled') {
        expect(await draftStatus(api, draft.id)).toBe('APPROVED');
        expect(sent.map((message) => message.id)).toEqual([draft.id]);
        expect(await balanceOf(api, userId)).toEqual(chargedBalance);
        expect(await ledgerOf(api, fanMessage.id)).toHaveLength(2);
      } else {
        expect(await draftStatus(api, draft.id)).toBe('REJECTED');
        expect(sent).toEqual([]);
        expect(await balanceOf(api, userId)).toEqual(startBalance);
        expect(await ledgerOf(api, fanMessage.id)).toHaveLength(4);
      }
    }
  });
});
