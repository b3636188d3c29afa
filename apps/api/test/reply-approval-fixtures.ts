// Shared set-up of the reply-approval and corrections tests: an API over the demo data with creator A
// (who manages every twin made here), creator B and the admin signed in; twins with approval
// settings saved through the API, fans holding a known balance, and twin replies held as drafts.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { replyDrafts, seedDemoData, talentLedger } from '@doppel/db';
import type { ReplyApprovalSettings } from '@doppel/validation';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTalent, messagesOf, runOfflineReply, signedInFan, startChatApi, totalFrame } from './chat-fixtures.ts';
import { type Api, seedPeople, signIn } from './harness.ts';

/** Every twin here charges 2 credits a message: a fan holding 1 free and 5 paid pays 1 of each. */
export const messagePrice = 2;
export const startBalance = { credits: 1, paidCredits: 5 };
export const chargedBalance = { credits: 0, paidCredits: 4 };

export type ApprovalSuite = Awaited<ReturnType<typeof startApprovalSuite>>;
export type Twin = Awaited<ReturnType<typeof createTalent>>;

/** The API with demo data and seeded people, and the creators and admin signed in; `close` drops it all. */
export async function startApprovalSuite() {
  const { api, filesDir } = await startChatApi();
  const close = async () => {
    await api.close();
    await rm(filesDir, { recursive: true, force: true });
  };
  try {
    await seedDemoData(api.database.db);
    const people = await seedPeople(api);
    const [creator, otherCreator, admin] = await Promise.all([
      signIn(api, people.creatorA.email as string),
      signIn(api, people.creatorB.email as string),
      signIn(api, people.admin.email as string),
    ]);
    return { api, filesDir, people, creator, otherCreator, admin, close };
  } catch (error) {
    // A failed set-up still frees its database and files: afterAll has no suite to close.
    await close();
    throw error;
  }
}

/**
 * A twin of creator A with approval settings saved through the API. A day's hold by default, so a
 * hold-limit sweep of another test (15 minutes) never reaches this twin's drafts.
 */
export async function newTwin(suite: ApprovalSuite, settings: Partial<ReplyApprovalSettings> = {}): Promise<Twin> {
  const twin = await createTalent(suite.api, { managerIds: [suite.people.creatorA.id], creditsToSendMessage: messagePrice });
  const saved = { enabled: true, holdMinutes: 1440, expiryAction: 'SEND' as const, ...settings };
  const stored = await suite.creator.client.talent.replyApproval.update.mutate({ talentId: twin.talent.id, ...saved });
  expect(stored).toEqual(saved);
  return twin;
}

let fanCount = 0;

/** A signed-in fan of the twin holding `startBalance`, and their chat. */
export function newFan(api: Api, twin: Twin) {
  fanCount += 1;
  return signedInFan(api, `approval-fan-${fanCount}@test.dev`, twin.tag, startBalance);
}

/** The reply job's use case on one fan message, as the worker runs it with the offline model. */
export function runReply(suite: ApprovalSuite, chatId: string, messageId: string) {
  return runOfflineReply(suite.api, suite.filesDir, { chatId, messageId });
}

/** A fan sends a message and the reply job holds the twin's answer: the fan's message and the draft. */
export async function heldReply(suite: ApprovalSuite, twin: Twin, text = 'What did you do this weekend?') {
  const fan = await newFan(suite.api, twin);
  const { message } = await fan.fan.client.chat.send.mutate({ chatId: fan.chatId, text, idempotencyKey: randomUUID() });
  const held = await runReply(suite, fan.chatId, message.id);
  expect(held).toEqual({ status: 'held', replyMessageId: expect.any(String) });
  const draft = await draftFor(suite, twin, message.id);
  expect(draft.id).toBe(held.status === 'held' ? held.replyMessageId : undefined);
  return { ...fan, fanMessage: message, draft };
}

/** The pending draft answering a fan message, as creator A's inbox lists it. */
async function draftFor(suite: ApprovalSuite, twin: Twin, fanMessageId: string) {
  const { items } = await suite.creator.client.talent.replyDrafts.list.query({ talentId: twin.talent.id, limit: 50 });
  const draft = items.find((item) => item.fanMessage?.id === fanMessageId);
  if (!draft) throw new Error(`no pending draft for fan message ${fanMessageId}`);
  return draft;
}

export async function draftStatus(api: Api, draftId: string) {
  const [row] = await api.database.db.select({ status: replyDrafts.status }).from(replyDrafts).where(eq(replyDrafts.id, draftId));
  return row?.status;
}

/** The twin's messages stored in a chat: a held draft is not among them until it is sent. */
export async function talentMessages(api: Api, chatId: string) {
  return (await messagesOf(api, chatId)).filter((message) => message.senderType === 'TALENT');
}

/** The talent ledger's rows of one fan message: its earning and any reversal, for the twin and its referrer. */
export async function ledgerOf(api: Api, fanMessageId: string) {
  const key = `message:${fanMessageId}`;
  return api.database.db
    .select({ key: talentLedger.key, talentId: talentLedger.talentId, kind: talentLedger.kind, net: talentLedger.netMicroUsd })
    .from(talentLedger)
    .where(inArray(talentLedger.key, [key, `${key}:referral`, `approval:${key}`, `approval:${key}:referral`]));
}

/** The message's earning was reversed exactly once: both sides booked once each, netting to zero per talent. */
export async function expectEarningReversedOnce(api: Api, twin: Twin, fanMessageId: string) {
  const rows = await ledgerOf(api, fanMessageId);
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
