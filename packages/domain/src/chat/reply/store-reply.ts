// Storing the twin's answer to a fan message: the TALENT message, its ChatPrompt, the chat's
// counters and live events, and for a refusal the refund and flag, in one transaction that a
// takeover committed meanwhile rolls back.
import {
  boundaryFlagUniqueIndex,
  chatMessages,
  chatPrompts,
  chatReplyUniqueIndex,
  chats,
  fanReminders,
  recordChanges,
  type Transaction,
  violatedUniqueConstraint,
} from '@doppel/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type BoundaryRefusal, refundAndFlag } from '../boundaries/flags.ts';
import { safetyReplyCameAfter } from '../safety/stand-down.ts';
import { builtOnce } from '../send/built-once.ts';
import type { ReplyDeps } from './answer-fan-message.ts';
import type { ComposedReply } from './attachments.ts';
import type { ReplyContext } from './load.ts';
import { type PromptRecord, promptRow } from './prompt-record.ts';

/** Thrown inside a store transaction to roll it back when the chat was taken over meanwhile. */
export class TakenOverMeanwhile extends Error {}

/** Thrown inside a store transaction to roll it back when a safety reply came after the fan's message (stand-down.ts). */
export class SafetyReplyMeanwhile extends Error {}

/**
 * Whether a safety reply came after the fan's message. Issued after the chat row's update in the
 * same pipeline, so it runs once the lock is held and sees a send that committed while it waited.
 */
export async function safetyReplyMeanwhile(tx: Transaction, chatId: string, messageId: string): Promise<boolean> {
  const [row] = await tx.execute<{ after: boolean }>(sql`select ${safetyReplyCameAfter(chatId, messageId)} as after`);
  return row?.after === true;
}

// Built once per process (send/built-once.ts); the time goes as drizzle sends a timestamp, in ISO form.
const countReplyStatement = builtOnce('reply_count_in_chat', (tx) =>
  tx
    .update(chats)
    .set({ chatMessageCount: sql`${chats.chatMessageCount} + 1`, updatedAt: sql`${sql.placeholder('updatedAt')}` })
    .where(and(eq(chats.id, sql.placeholder('chatId')), isNull(chats.takenOverAt)))
    .returning({ id: chats.id }),
);

/**
 * The TALENT message, its ChatPrompt, the chat counters and the live events, in one transaction.
 * 'answered' when a concurrent run of the same job stored its answer first: that one stands;
 * 'taken over' when the creator took the chat over while the model was writing, 'stood down' when
 * the fan got the safety reply meanwhile: nothing is stored.
 */
export async function storeReply(
  { db, enqueueRemember }: Pick<ReplyDeps, 'db' | 'enqueueRemember'>,
  context: ReplyContext,
  record: PromptRecord,
  reply: ComposedReply,
  replyMessageId: string,
  refusal?: BoundaryRefusal,
): Promise<'stored' | 'answered' | 'taken over' | 'stood down'> {
  const { chat } = context;
  const scopes = [`chat:${chat.id}`, `talent:${chat.talentId}`, 'admin'];
  try {
    // Issued together: postgres.js pipelines them in one round trip, and Postgres runs them in
    // this order (the prompt's key references the message). The chat row, which the fan's sends
    // lock too, is held only from here to the commit.
    await db.transaction(async (tx) => {
      // A refusal first gives the fan back what the message cost; its first statement locks the
      // fan's row, so the lock order stays that of every spend (user row, then chat).
      const refusalEvents = refusal ? await refundAndFlag(tx, refusal) : [];
      // The chat row first: a takeover (which locks it) that commits while this waits leaves the
      // update nothing to match, and the reply is rolled back. Taking the lock before the insert
      // also keeps a creator's answer to the same message from deadlocking on the unique index.
      const [updated, safetyCame] = await Promise.all([
        countReplyStatement(tx, { chatId: chat.id, updatedAt: new Date().toISOString() }),
        safetyReplyMeanwhile(tx, chat.id, context.message.id),
        tx.insert(chatMessages).values({
          id: replyMessageId,
          chatId: chat.id,
          senderType: 'TALENT',
          text: reply.text,
          attachments: reply.attachments,
          replyToMessageId: context.message.id,
        }),
        tx.insert(chatPrompts).values({ id: replyMessageId, chatId: chat.id, ...promptRow(record) }),
        recordChanges(tx, [
          { entity: 'chat_messages', rowId: replyMessageId, scopes },
          { entity: 'chats', rowId: chat.id, scopes },
          ...refusalEvents,
        ]),
        enqueueRemember?.(tx, { chatId: chat.id, messageId: context.message.id }),
        reply.reminder
          ? tx
              .insert(fanReminders)
              .values({
                chatId: chat.id,
                userId: chat.userId,
                talentId: chat.talentId,
                messageId: context.message.id,
                about: reply.reminder.about,
                dueAt: reply.reminder.dueAt,
              })
              .onConflictDoNothing()
          : undefined,
      ]);
      if (updated.length === 0) throw new TakenOverMeanwhile();
      if (safetyCame) throw new SafetyReplyMeanwhile();
    });
    return 'stored';
  } catch (error) {
    if (error instanceof TakenOverMeanwhile) return 'taken over';
    if (error instanceof SafetyReplyMeanwhile) return 'stood down';
    // The unique reply index (or, for a refusal, the one flag per message) refused a second
    // answer to the same fan message: nothing was stored.
    const violated = violatedUniqueConstraint(error);
    if (violated === chatReplyUniqueIndex || violated === boundaryFlagUniqueIndex) return 'answered';
    throw error;
  }
}
