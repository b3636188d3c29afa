// Takeover (docs/creator-dashboard.md): the creator pauses their twin in one chat, writes as
// themselves, then hands back. While `chats.taken_over_at` is set the reply job skips every fan
// message (chat/reply/load.ts, and a reply still being written is rolled back when it is stored).
// The creator's messages are TALENT messages (the fan sees the twin's) marked with
// `sent_by_user_id` for the admin. The fan pays when sending, as for any message: nothing here
// charges or refunds. Every call checks the chat belongs to the talent (NOT_FOUND otherwise).
import { type ChangeEvent, chatMessages, chats, newId, recordChanges, type Transaction } from '@doppel/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { managesTalent, type Viewer } from '../access/scopes.ts';
import { chatNotFound } from '../chat/access.ts';
import type { ChatReplyQueue } from '../chat/ports.ts';
import { type ChatRef, chatChanged, messageChanged } from '../chat/scopes.ts';
import { DomainError } from '../errors.ts';
import { supersedePendingDraft } from './reply-approval/drafts.ts';

type ChatInput = { talentId: string; chatId: string };

/** The talent's chat, locked like a fan's send locks it, so takeover, sends and replies queue up. */
async function lockChat(tx: Transaction, viewer: Viewer, input: ChatInput) {
  if (!managesTalent(viewer, input.talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
  const [chat] = await tx
    .select({ id: chats.id, userId: chats.userId, talentId: chats.talentId, takenOverAt: chats.takenOverAt })
    .from(chats)
    .where(and(eq(chats.id, input.chatId), eq(chats.talentId, input.talentId)))
    .for('no key update');
  if (!chat) throw chatNotFound();
  return chat;
}

/**
 * The chat's newest fan message, when nothing answers it yet, and whether a TALENT message came
 * after it (then the fan is not waiting, even if that message answers an earlier one).
 */
async function waitingFanMessage(tx: Transaction, chatId: string): Promise<string | undefined> {
  const reply = alias(chatMessages, 'reply');
  const [last] = await tx
    .select({
      id: chatMessages.id,
      replyId: reply.id,
      talentAfter: sql<boolean>`exists (select 1 from chat_messages t where t.chat_id = ${chatId} and t.sender_type = 'TALENT' and t.created_at > ${chatMessages.createdAt})`,
    })
    .from(chatMessages)
    .leftJoin(reply, eq(reply.replyToMessageId, chatMessages.id))
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderType, 'USER')))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1);
  return last && !last.replyId && !last.talentAfter ? last.id : undefined;
}

/** `talent.conversations.takeOver`: the twin stops answering in this chat. Taking over twice keeps the first time. */
export async function takeOverChat(tx: Transaction, viewer: Viewer, input: ChatInput): Promise<{ takenOverAt: string }> {
  const chat = await lockChat(tx, viewer, input);
  if (chat.takenOverAt) return { takenOverAt: chat.takenOverAt.toISOString() };
  const now = new Date();
  await Promise.all([
    tx
      .update(chats)
      .set({ takenOverAt: now, takenOverByUserId: viewer?.id ?? null })
      .where(eq(chats.id, chat.id)),
    recordChanges(tx, [chatChanged(chat)]),
  ]);
  return { takenOverAt: now.toISOString() };
}

/**
 * `talent.conversations.handBack`: the twin answers again. When the fan's newest message is still
 * waiting (the creator did not answer it), the twin answers that one, with the whole takeover in
 * its history; earlier unanswered messages are covered by it rather than answered one by one.
 */
export async function handBackChat(
  tx: Transaction,
  viewer: Viewer,
  input: ChatInput,
  deps: { replies: ChatReplyQueue },
): Promise<{ takenOverAt: null; replyQueued: boolean }> {
  const chat = await lockChat(tx, viewer, input);
  if (!chat.takenOverAt) return { takenOverAt: null, replyQueued: false };
  const [waiting] = await Promise.all([
    waitingFanMessage(tx, chat.id),
    tx.update(chats).set({ takenOverAt: null, takenOverByUserId: null }).where(eq(chats.id, chat.id)),
  ]);
  const events = [chatChanged(chat)];
  if (waiting) await deps.replies.enqueueReply(tx, { chatId: chat.id, messageId: waiting }, events);
  else await recordChanges(tx, events);
  return { takenOverAt: null, replyQueued: waiting !== undefined };
}

/**
 * `talent.conversations.send`: the creator writes in a chat they took over. The message answers
 * the fan's waiting message (replyToMessageId), so a twin reply to it can never follow; the reply
 * job cannot be storing one now, because it takes the chat lock held here first.
 */
export async function sendAsCreator(
  tx: Transaction,
  viewer: Viewer,
  input: ChatInput & { text: string },
): Promise<{ messageId: string; replyToMessageId: string | null }> {
  const chat = await lockChat(tx, viewer, input);
  if (!chat.takenOverAt) throw new DomainError('CONFLICT', 'Take this chat over before writing in it.');
  const waiting = await waitingFanMessage(tx, chat.id);
  const messageId = newId();
  const now = new Date();
  const ref: ChatRef = { id: chat.id, userId: chat.userId, talentId: chat.talentId };
  // A draft held for approval for the message the creator now answers will never be sent.
  const superseded = waiting ? await supersedePendingDraft(tx, waiting, chat.talentId, viewer?.id ?? null) : [];
  const events: ChangeEvent[] = [messageChanged(ref, messageId), chatChanged(ref), ...superseded];
  await Promise.all([
    tx.insert(chatMessages).values({
      id: messageId,
      chatId: chat.id,
      senderType: 'TALENT',
      text: input.text,
      replyToMessageId: waiting ?? null,
      sentByUserId: viewer?.id ?? null,
      createdAt: now,
    }),
    tx
      .update(chats)
      .set({ chatMessageCount: sql`${chats.chatMessageCount} + 1`, updatedAt: now })
      .where(eq(chats.id, chat.id)),
    recordChanges(tx, events),
  ]);
  return { messageId, replyToMessageId: waiting ?? null };
}
