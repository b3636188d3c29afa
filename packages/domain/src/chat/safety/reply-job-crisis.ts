// The crisis protocol in the reply job (docs/safety.md). The send checks the fan's message first
// (the phrase list, and the moderation endpoint's self-harm categories with a key), but a
// moderation call that failed there leaves only the phrase list's verdict. When the reply job's own
// moderation of the message then finds self-harm, the fan gets what the send would have given: the
// safety reply instead of the twin's refusal, free (what the message cost is given back), the
// referral counted, the message flagged for review, a repeated one pausing the twin; and the
// replies the twin still owed in the chat are stood down (stand-down.ts).
import { chatMessages, chats, type Database, newId, recordChanges } from '@doppel/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CrisisSignal } from '../../ports/crisis-check.ts';
import { refundFanMessage } from '../boundaries/flags.ts';
import { type ChatRef, chatChanged, messageChanged } from '../scopes.ts';
import { crisisWrites, planCrisisAnswer } from './crisis-answer.ts';
import { standDownOwedReplies } from './stand-down.ts';

export type ReplyJobSafetyOutcome = 'stored' | 'answered' | 'taken over';

/** Thrown to roll the transaction (and its refund) back when it must store nothing. */
class NothingToStore extends Error {
  readonly outcome: 'answered' | 'taken over';
  constructor(outcome: 'answered' | 'taken over') {
    super(outcome);
    this.outcome = outcome;
  }
}

/**
 * Stores the safety reply to `message` in one transaction; 'answered' when the message already has
 * an answer (a concurrent run), 'taken over' when the creator holds the chat. The fan's country is
 * not known to the worker: the services shown are the international list.
 */
export async function storeReplyJobSafetyReply(
  db: Database,
  chat: ChatRef,
  message: { id: string },
  signal: CrisisSignal,
): Promise<ReplyJobSafetyOutcome> {
  try {
    await db.transaction(async (tx) => {
      // What the message cost first: its first statement locks the fan's row (user, then chat).
      // The message's cost is then set to nothing, so the stand-down below (and any later one)
      // does not give it back again.
      const refund = await refundFanMessage(tx, chat, message.id, 'safety');
      await tx.update(chatMessages).set({ spentFreeCredits: 0, spentPaidCredits: 0 }).where(eq(chatMessages.id, message.id));
      const [locked] = await tx
        .select({ personaPausedUntil: chats.personaPausedUntil, takenOverAt: chats.takenOverAt })
        .from(chats)
        .where(eq(chats.id, chat.id))
        .for('no key update');
      if (!locked || locked.takenOverAt) throw new NothingToStore('taken over');
      const [answered] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.replyToMessageId, message.id))
        .limit(1);
      // A concurrent run answered first: that answer stands, and its refund is not ours to make.
      if (answered) throw new NothingToStore('answered');
      const now = new Date();
      const answer = await planCrisisAnswer(tx, {
        chatId: chat.id,
        now,
        personaPausedUntil: locked.personaPausedUntil,
        crisis: { signal, country: null },
      });
      if (!answer) throw new Error('a crisis signal always plans a safety reply');
      const owed = await standDownOwedReplies(tx, chat, now);
      const replyId = newId();
      const safety = crisisWrites(tx, answer, chat, message.id, now);
      await Promise.all([
        tx.insert(chatMessages).values({
          id: replyId,
          chatId: chat.id,
          senderType: 'TALENT',
          text: answer.text,
          replyToMessageId: message.id,
          isSafetyReply: true,
          createdAt: now,
        }),
        tx
          .update(chats)
          .set({
            chatMessageCount: sql`${chats.chatMessageCount} + 1`,
            needsSafetyReview: true,
            updatedAt: now,
            ...(answer.pauseUntil ? { personaPausedUntil: answer.pauseUntil } : {}),
          })
          .where(and(eq(chats.id, chat.id), isNull(chats.takenOverAt))),
        ...safety.writes,
        recordChanges(tx, [messageChanged(chat, replyId), chatChanged(chat), ...refund, ...owed, ...safety.events]),
      ]);
    });
    return 'stored';
  } catch (error) {
    if (error instanceof NothingToStore) return error.outcome;
    throw error;
  }
}
