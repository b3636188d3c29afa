// A send repeated with the key of one already stored (its answer was lost: a dropped connection,
// the API killed after the commit) is answered with that message instead of storing and charging
// a second one (docs/chat-engine.md, Sending the same message again).
import { chatMessages, type Executor } from '@doppel/db';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError } from '../../errors.ts';
import type { ChatMessageRow } from '../messages/view.ts';
import { builtOnce } from './built-once.ts';

/**
 * How much later than the fan's message the twin's immediate answer is stamped: it sorts after it,
 * and a repeated send tells it from an AI reply that arrived since by this exact gap.
 */
export const immediateAnswerDelayMs = 1;

export type SentWithKey = { message: ChatMessageRow; answer: ChatMessageRow | null };

/**
 * The fan message stored under this key in this chat, with the immediate answer stored with it.
 * Run after the fan's balance lock: a concurrent send with the same key has then committed, or
 * rolled back, and this statement (a new snapshot) sees which.
 */
export function sentWithKeyQuery(tx: Executor, chatId: string, idempotencyKey: string): Promise<SentWithKey[]> {
  return sentWithKeyStatement(tx, { chatId, idempotencyKey });
}

const sentWithKeyStatement = builtOnce('sent_with_key', (tx) => {
  const answer = alias(chatMessages, 'answer');
  return tx
    .select({ message: chatMessages, answer })
    .from(chatMessages)
    .leftJoin(
      answer,
      and(
        eq(answer.replyToMessageId, chatMessages.id),
        eq(answer.createdAt, sql`${chatMessages.createdAt} + ${immediateAnswerDelayMs} * interval '1 millisecond'`),
      ),
    )
    .where(
      and(eq(chatMessages.chatId, sql.placeholder('chatId')), eq(chatMessages.idempotencyKey, sql.placeholder('idempotencyKey'))),
    );
});

/**
 * A key names one message. Sent again with other words it is a client's mistake, and guessing
 * which words the fan meant would either drop a message or charge one twice: refuse it.
 */
export function assertSameMessage(stored: ChatMessageRow, text: string): void {
  if (stored.text !== text) {
    throw new DomainError(
      'CONFLICT',
      'This message key was already used for a different message. Send a new message with a new key.',
    );
  }
}
