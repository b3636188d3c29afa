// After a safety reply the twin does not pick up small talk it still owed (docs/safety.md, "Replies
// owed before a safety reply"). A fan who wrote "hi" and then "I want to hurt myself" got the safety
// reply at once, and then, a moment later, the twin's cheerful answer to "hi" from the reply job
// still queued. Now:
// - the transaction that stores a safety reply gives back what each earlier fan message still
//   waiting for the twin cost (they will not be answered) and marks it as costing nothing, so a
//   later safety reply gives nothing back twice;
// - the reply job skips a message a safety reply came after, and its store checks again under the
//   chat's lock (a reply written while the safety reply was being stored is rolled back).
// A reply held for the creator's approval stays the creator's to send or reject.
import { type ChangeEvent, chatMessages, type Executor, replyDrafts } from '@doppel/db';
import { and, eq, gt, inArray, lt, type Placeholder, sql } from 'drizzle-orm';
import { refundFanMessage } from '../boundaries/flags.ts';
import type { ChatRef } from '../scopes.ts';

/** Owed replies older than this are not looked for: the reply job has answered or failed them long since. */
const owedWindowMs = 24 * 60 * 60 * 1000;

/**
 * True when a safety reply in `chatId` came after the fan message `messageId`.
 * Compared in SQL with the message's own timestamp (a JS Date drops the microseconds).
 */
export function safetyReplyCameAfter(chatId: string | Placeholder, messageId: string | Placeholder) {
  return sql<boolean>`exists (select 1 from chat_messages safety where safety.chat_id = ${chatId} and safety.is_safety_reply
    and safety.created_at > (select m.created_at from chat_messages m where m.id = ${messageId}))`;
}

/**
 * Gives back what each fan message of the chat written before `before` still owed a twin reply
 * (none stored, none drafted) cost, and sets its cost to nothing. Call it in the transaction that
 * stores the safety reply, after the chat's row is locked (the send and the reply store both lock
 * it, so a reply stored first is seen here, and one stored after sees the safety reply).
 */
export async function standDownOwedReplies(tx: Executor, chat: ChatRef, before: Date): Promise<ChangeEvent[]> {
  const owed = await tx
    .select({ id: chatMessages.id, spent: sql<number>`${chatMessages.spentFreeCredits} + ${chatMessages.spentPaidCredits}` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chat.id),
        eq(chatMessages.senderType, 'USER'),
        lt(chatMessages.createdAt, before),
        gt(chatMessages.createdAt, new Date(before.getTime() - owedWindowMs)),
        sql`not exists (select 1 from chat_messages reply where reply.reply_to_message_id = ${chatMessages.id})`,
        sql`not exists (select 1 from ${replyDrafts} where ${replyDrafts.fanMessageId} = ${chatMessages.id})`,
      ),
    );
  const costly = owed.filter((message) => Number(message.spent) > 0);
  const events: ChangeEvent[] = [];
  // One after another: each refund locks the fan's row first, as every spend does.
  for (const message of costly) events.push(...(await refundFanMessage(tx, chat, message.id, 'safety')));
  if (costly.length > 0) {
    await tx
      .update(chatMessages)
      .set({ spentFreeCredits: 0, spentPaidCredits: 0 })
      .where(
        inArray(
          chatMessages.id,
          costly.map((message) => message.id),
        ),
      );
  }
  return events;
}
