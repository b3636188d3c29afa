// The twin's out-of-credits answer is said once per situation (issue 26 item 8): an anonymous fan
// at 0 credits who keeps sending got the same "Sign in so I don't forget you" bubble every time.
import { chatMessages, type Executor } from '@doppel/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { type OutOfCreditsAnswer, repeatedOutOfCreditsMessages, repeatsOutOfCreditsAnswer } from './immediate-answers.ts';

/**
 * Refuses a send the fan cannot pay when the twin's latest message already is this call to action:
 * INSUFFICIENT_CREDITS with what to do, and nothing stored. Only sends that cannot be paid read it
 * (one indexed row through chat_messages_chat_created_idx), so a paid send costs no extra round trip.
 */
export async function refuseRepeatedOutOfCredits(tx: Executor, chatId: string, answer: OutOfCreditsAnswer): Promise<void> {
  const [latest] = await tx
    .select({ callToAction: chatMessages.callToAction })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderType, 'TALENT'), isNull(chatMessages.notice)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1);
  if (!repeatsOutOfCreditsAnswer(latest?.callToAction, answer.kind)) return;
  throw new DomainError('INSUFFICIENT_CREDITS', repeatedOutOfCreditsMessages[answer.kind]);
}
