// Approval mode's inbox (talent.replyDrafts.*): the twin's replies held as drafts (chat/reply/
// hold-for-approval.ts) are approved, edited or rejected by the creator, or, past the hold limit
// the creator set, sent as drafted or dropped (expiry.ts). A draft is decided once: its row is
// locked and must still be PENDING. The fan paid when sending: a sent draft charges nothing more,
// a rejected or dropped one gives the message's cost back (`approval:message:{id}` in the ledger).
// A held reach-out sits in the same inbox and is decided the same way (reach-out-drafts.ts).
import {
  type ChangeEvent,
  chatMessages,
  chatPrompts,
  chats,
  type Executor,
  reachOuts,
  recordChanges,
  replyDrafts,
  type Transaction,
  talentConfigs,
  users,
} from '@doppel/db';
import { defaultReplyHoldMinutes, type ReplyDraftDecision, type ReplyDraftsListOutput } from '@doppel/validation';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { managesTalent, type Viewer } from '../../access/scopes.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../../admin/paging.ts';
import { refundFanMessage } from '../../chat/boundaries/flags.ts';
import { draftChanged } from '../../chat/reply/hold-for-approval.ts';
import { chatChanged } from '../../chat/scopes.ts';
import { DomainError } from '../../errors.ts';
import { keepCorrection } from './corrections.ts';
import { type Decision, type DraftSending, decide, type LockedDraft, storeDraftMessage } from './decision.ts';
import { dropReachOutDraft, isReachOutDraft, sendReachOutDraft } from './reach-out-drafts.ts';

export type { LockedDraft } from './decision.ts';

/** Oldest first: the fan who has waited longest comes first. */
const byAge: KeysetSort = {
  key: 'reply-drafts',
  column: replyDrafts.createdAt,
  kind: 'timestamp',
  direction: 'asc',
  id: replyDrafts.id,
};

function assertManages(viewer: Viewer, talentId: string): void {
  if (!managesTalent(viewer, talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
}

/** `talent.replyDrafts.list`: the twin's pending drafts with the fan, and the message each answers or the reach-out's trigger. */
export async function listReplyDrafts(
  db: Executor,
  viewer: Viewer,
  input: { talentId: string; cursor?: string | undefined; limit: number },
): Promise<ReplyDraftsListOutput> {
  assertManages(viewer, input.talentId);
  const fanMessage = alias(chatMessages, 'fan_message');
  const pending = and(eq(replyDrafts.talentId, input.talentId), eq(replyDrafts.status, 'PENDING'));
  const [rows, [count], [settings]] = await Promise.all([
    db
      .select({
        id: replyDrafts.id,
        chatId: replyDrafts.chatId,
        text: replyDrafts.text,
        attachments: replyDrafts.attachments,
        createdAt: replyDrafts.createdAt,
        fanId: users.id,
        fanName: users.name,
        fanIsAnonymous: users.isAnonymous,
        fanMessageId: fanMessage.id,
        fanMessageText: fanMessage.text,
        fanMessageCreatedAt: fanMessage.createdAt,
        reachOutKind: reachOuts.kind,
        sortValue: sortValueOf(byAge),
      })
      .from(replyDrafts)
      .innerJoin(chats, eq(chats.id, replyDrafts.chatId))
      .innerJoin(users, eq(users.id, chats.userId))
      .leftJoin(fanMessage, eq(fanMessage.id, replyDrafts.fanMessageId))
      .leftJoin(reachOuts, eq(reachOuts.id, replyDrafts.reachOutId))
      .where(and(pending, afterCursor(byAge, input.cursor)))
      .orderBy(...keysetOrder(byAge))
      .limit(pageLimit(input.limit)),
    db.select({ count: sql<number>`count(*)::int` }).from(replyDrafts).where(pending),
    db
      .select({ holdMinutes: talentConfigs.replyHoldMinutes, expiryAction: talentConfigs.replyExpiryAction })
      .from(talentConfigs)
      .where(eq(talentConfigs.id, input.talentId)),
  ]);
  const holdMs = (settings?.holdMinutes ?? defaultReplyHoldMinutes) * 60_000;
  const page = toPage(rows, byAge, input.limit);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      chatId: row.chatId,
      fan: { id: row.fanId, name: row.fanName.trim(), isAnonymous: row.fanIsAnonymous },
      fanMessage:
        row.fanMessageId !== null && row.fanMessageText !== null && row.fanMessageCreatedAt !== null
          ? { id: row.fanMessageId, text: row.fanMessageText, createdAt: row.fanMessageCreatedAt.toISOString() }
          : null,
      reachOut: row.reachOutKind ? { kind: row.reachOutKind } : null,
      text: row.text,
      attachmentTypes: row.attachments.map((attachment) => attachment.type),
      createdAt: row.createdAt.toISOString(),
      expiresAt: new Date(row.createdAt.getTime() + holdMs).toISOString(),
      expiryAction: settings?.expiryAction ?? 'SEND',
    })),
    nextCursor: page.nextCursor,
    pendingCount: count?.count ?? 0,
  };
}

/**
 * The draft, locked, when it is still PENDING; NOT_FOUND outside the talent, CONFLICT once decided.
 * Locks in the order every chat write takes: the fan's row (only when credits will move, `forRefund`),
 * the chat, then the draft; a fan's send (fan, chat), a stored reply (chat, draft insert) and the
 * creator's takeover message (chat, draft) can then never deadlock with a decision.
 */
export async function lockPendingDraft(
  tx: Transaction,
  where: { draftId: string; talentId?: string },
  forRefund: boolean,
): Promise<LockedDraft> {
  const [owner] = await tx
    .select({ chatId: replyDrafts.chatId, userId: chats.userId })
    .from(replyDrafts)
    .innerJoin(chats, eq(chats.id, replyDrafts.chatId))
    .where(and(eq(replyDrafts.id, where.draftId), where.talentId ? eq(replyDrafts.talentId, where.talentId) : undefined));
  if (!owner) throw new DomainError('NOT_FOUND', 'Draft not found');
  if (forRefund) await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('no key update');
  await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, owner.chatId)).for('no key update');
  const fanMessage = alias(chatMessages, 'fan_message');
  const [row] = await tx
    .select({
      id: replyDrafts.id,
      status: replyDrafts.status,
      chat: { id: chats.id, userId: chats.userId, talentId: chats.talentId },
      fanMessageId: replyDrafts.fanMessageId,
      fanText: fanMessage.text,
      reachOutId: reachOuts.id,
      reachOutKind: reachOuts.kind,
      text: replyDrafts.text,
      attachments: replyDrafts.attachments,
      prompt: replyDrafts.prompt,
      createdAt: replyDrafts.createdAt,
    })
    .from(replyDrafts)
    .innerJoin(chats, eq(chats.id, replyDrafts.chatId))
    .leftJoin(fanMessage, eq(fanMessage.id, replyDrafts.fanMessageId))
    .leftJoin(reachOuts, eq(reachOuts.id, replyDrafts.reachOutId))
    .where(eq(replyDrafts.id, where.draftId))
    .for('update', { of: replyDrafts });
  if (!row) throw new DomainError('NOT_FOUND', 'Draft not found');
  if (row.status !== 'PENDING') throw new DomainError('CONFLICT', 'This reply was already handled.');
  const { status: _status, reachOutId, reachOutKind, ...draft } = row;
  return { ...draft, reachOut: reachOutId && reachOutKind ? { id: reachOutId, kind: reachOutKind } : null };
}

/**
 * Sends the draft as the twin's message (its id is the draft's), with the ChatPrompt the reply job
 * recorded. When the fan's message was answered meanwhile (the creator wrote during a takeover),
 * nothing is sent and the draft is SUPERSEDED. `sentByUserId` marks a text the creator wrote.
 */
export async function sendDraft(tx: Transaction, draft: LockedDraft, send: DraftSending): Promise<ReplyDraftDecision> {
  if (isReachOutDraft(draft)) return sendReachOutDraft(tx, draft, send);
  const fanMessageId = draft.fanMessageId as string;
  // The chat is locked (lockPendingDraft): whoever else answers the message waits for this commit.
  const [answered] = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.replyToMessageId, fanMessageId))
    .limit(1);
  if (answered) {
    await Promise.all([
      decide(tx, draft.id, { status: 'SUPERSEDED', decidedByUserId: send.decidedByUserId }),
      recordChanges(tx, [draftChanged(draft.chat.talentId, draft.id)]),
    ]);
    return { status: 'SUPERSEDED', messageId: null, corrected: false };
  }
  await storeDraftMessage(
    tx,
    draft,
    send,
    new Date(),
    { replyToMessageId: fanMessageId },
    {
      writes: [draft.prompt && tx.insert(chatPrompts).values({ id: draft.id, chatId: draft.chat.id, ...draft.prompt })],
      events: [],
    },
  );
  return { status: send.status, messageId: draft.id, corrected: false };
}

/**
 * Drops the draft (locked `forRefund`): no reply, and the fan gets back what their message cost. A
 * reach-out cost nothing: its occasion is marked not sent.
 */
export async function dropDraft(tx: Transaction, draft: LockedDraft, decision: Decision): Promise<ReplyDraftDecision> {
  if (isReachOutDraft(draft)) return dropReachOutDraft(tx, draft, decision);
  const refunded = await refundFanMessage(tx, draft.chat, draft.fanMessageId as string, 'approval');
  await Promise.all([
    decide(tx, draft.id, decision),
    recordChanges(tx, [...refunded, chatChanged(draft.chat), draftChanged(draft.chat.talentId, draft.id)]),
  ]);
  return { status: decision.status, messageId: null, corrected: false };
}

/**
 * `talent.replyDrafts.approve`: sends the draft, or the creator's edit of it (then kept as a
 * correction of a reply; a reach-out answers no fan message, so its edit teaches nothing). A text
 * equal to the draft's, once trimmed, is an approval.
 */
export async function approveReplyDraft(
  tx: Transaction,
  viewer: Viewer,
  input: { talentId: string; draftId: string; text?: string | undefined },
): Promise<ReplyDraftDecision> {
  assertManages(viewer, input.talentId);
  const draft = await lockPendingDraft(tx, input, false);
  const userId = viewer?.id ?? null;
  const edited = input.text !== undefined && input.text.trim() !== draft.text.trim();
  if (!edited) return sendDraft(tx, draft, { status: 'APPROVED', decidedByUserId: userId, text: draft.text, sentByUserId: null });
  const text = input.text ?? draft.text;
  const sent = await sendDraft(tx, draft, { status: 'EDITED', decidedByUserId: userId, text, sentByUserId: userId });
  if (sent.status !== 'EDITED' || draft.fanText === null) return sent;
  const kept = await keepCorrection(tx, {
    talentId: input.talentId,
    replyMessageId: draft.id,
    source: 'DRAFT_EDIT',
    fanText: draft.fanText,
    answerText: text,
  });
  return { ...sent, corrected: kept !== undefined };
}

/** `talent.replyDrafts.reject`: no reply; the fan gets their credits back. */
export async function rejectReplyDraft(
  tx: Transaction,
  viewer: Viewer,
  input: { talentId: string; draftId: string },
): Promise<ReplyDraftDecision> {
  assertManages(viewer, input.talentId);
  const draft = await lockPendingDraft(tx, input, true);
  return dropDraft(tx, draft, { status: 'REJECTED', decidedByUserId: viewer?.id ?? null });
}

/**
 * The creator answered the fan's message themselves (a takeover): its pending draft, if any, will
 * never be sent. Returns the change events to record with the creator's message.
 */
export async function supersedePendingDraft(
  tx: Transaction,
  fanMessageId: string,
  talentId: string,
  userId: string | null,
): Promise<ChangeEvent[]> {
  const superseded = await tx
    .update(replyDrafts)
    .set({ status: 'SUPERSEDED', decidedByUserId: userId, decidedAt: new Date() })
    .where(and(eq(replyDrafts.fanMessageId, fanMessageId), eq(replyDrafts.status, 'PENDING')))
    .returning({ id: replyDrafts.id });
  return superseded.map((draft) => draftChanged(talentId, draft.id));
}
