import { chatMessages, chats, type Executor, recordChanges } from '@doppel/db';
import type { Reaction } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import { assertChatFan } from './access.ts';
import { messageChanged } from './scopes.ts';

export type ReactInput = { chatId: string; messageId: string; reaction: Reaction | null; feedback?: string | undefined };

/**
 * The chat's fan rates one of the twin's replies (thumbs up or down, optional feedback) or
 * clears the rating (reaction null clears the feedback too). Run it in a transaction: the update
 * and its change event commit together.
 */
export async function reactToMessage(db: Executor, viewer: Viewer, input: ReactInput): Promise<void> {
  const [row] = await db
    .select({
      senderType: chatMessages.senderType,
      callToAction: chatMessages.callToAction,
      chat: { id: chats.id, userId: chats.userId, talentId: chats.talentId },
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.chatId, input.chatId)))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'This message does not exist.');
  assertChatFan(viewer, row.chat, 'react to messages');
  if (row.senderType !== 'TALENT') throw new DomainError('INVALID', 'You can only react to the twin’s messages.');
  // A prompt to sign in, buy credits or subscribe is the product speaking, not a reply to rate.
  if (row.callToAction !== null) throw new DomainError('INVALID', 'You can only react to the twin’s replies.');
  const feedback = input.reaction === null ? null : input.feedback?.trim() || null;
  await db
    .update(chatMessages)
    .set({ reaction: input.reaction, reactionFeedback: feedback })
    .where(eq(chatMessages.id, input.messageId));
  await recordChanges(db, [messageChanged(row.chat, input.messageId)]);
}
