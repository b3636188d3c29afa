// What every decision on a held draft shares: the locked draft as read, and the draft's row marked
// decided. drafts.ts decides replies, reach-out-drafts.ts the twin's held reach-outs.
import {
  type ChangeEvent,
  chatMessages,
  chats,
  type HeldChatPrompt,
  type MessageAttachment,
  recordChanges,
  replyDrafts,
  type Transaction,
} from '@doppel/db';
import type { ReachOutKind, ReplyDraftStatus } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { draftChanged } from '../../chat/reply/hold-for-approval.ts';
import { type ChatRef, chatChanged, messageChanged } from '../../chat/scopes.ts';

export type LockedDraft = {
  id: string;
  chat: ChatRef;
  /** The fan's message a reply answers, with its text; null for a reach-out. */
  fanMessageId: string | null;
  fanText: string | null;
  /** The occasion a held reach-out would send; null for a reply. */
  reachOut: { id: string; kind: ReachOutKind } | null;
  text: string;
  attachments: MessageAttachment[];
  /** The reply's model call, recorded as its ChatPrompt when sent; null for a reach-out. */
  prompt: HeldChatPrompt | null;
  createdAt: Date;
};

export type Decision = { status: ReplyDraftStatus; decidedByUserId: string | null };

export function decide(tx: Transaction, draftId: string, decision: Decision) {
  return tx
    .update(replyDrafts)
    .set({ status: decision.status, decidedByUserId: decision.decidedByUserId, decidedAt: new Date() })
    .where(eq(replyDrafts.id, draftId));
}

export type DraftSending = Decision & { text: string; sentByUserId: string | null };

/**
 * Sends the draft as the twin's message (its id is the draft's), answering the fan's message or as
 * its reach-out: one more message in the chat (locked by lockPendingDraft), the draft decided, and
 * the live events, with the caller's own writes and events in the same round of statements.
 */
export async function storeDraftMessage(
  tx: Transaction,
  draft: LockedDraft,
  send: DraftSending,
  now: Date,
  link: { replyToMessageId: string } | { reachOutId: string },
  extra: { writes: readonly unknown[]; events: readonly ChangeEvent[] },
): Promise<void> {
  await Promise.all([
    tx.insert(chatMessages).values({
      id: draft.id,
      chatId: draft.chat.id,
      senderType: 'TALENT',
      text: send.text,
      attachments: draft.attachments,
      ...link,
      sentByUserId: send.sentByUserId,
      createdAt: now,
    }),
    tx
      .update(chats)
      .set({ chatMessageCount: sql`${chats.chatMessageCount} + 1`, updatedAt: now })
      .where(eq(chats.id, draft.chat.id)),
    decide(tx, draft.id, send),
    recordChanges(tx, [
      messageChanged(draft.chat, draft.id),
      chatChanged(draft.chat),
      draftChanged(draft.chat.talentId, draft.id),
      ...extra.events,
    ]),
    ...extra.writes,
  ]);
}
