// What every decision on a held draft shares: the locked draft as read, and the draft's row marked
// decided. drafts.ts decides replies, reach-out-drafts.ts the twin's held reach-outs.
import { chats, type HeldChatPrompt, type MessageAttachment, replyDrafts, type Transaction } from '@doppel/db';
import type { ReachOutKind, ReplyDraftStatus } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import type { ChatRef } from '../../chat/scopes.ts';

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

/** The sent draft is one more message in its chat (the chat is locked by lockPendingDraft). */
export function countSentMessage(tx: Transaction, chatId: string, now: Date) {
  return tx
    .update(chats)
    .set({ chatMessageCount: sql`${chats.chatMessageCount} + 1`, updatedAt: now })
    .where(eq(chats.id, chatId));
}
