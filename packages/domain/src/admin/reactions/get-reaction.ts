// A rated message's detail page (/reactions/{chatId}/{chatMessageId}): the message in its chat, the
// fan's feedback, and the prompt that produced it.
import { chatMessages, chats, type Executor, talents, users } from '@doppel/db';
import {
  type AdminReactionGetInput,
  type AdminReactionGetOutput,
  adminReactionContextAfter,
  adminReactionContextBefore,
} from '@doppel/validation';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { chatHasUnlockedImage } from '../../chat/messages/unlocked-image.ts';
import { toMessageView } from '../../chat/messages/view.ts';
import { DomainError } from '../../errors.ts';
import { getAdminChatPrompt } from '../chats/get-prompt.ts';

/**
 * `admin.reactions.get`: the message with up to 5 messages before it and 2 after it (oldest first,
 * the message included), the chat's twin and fan, and the prompt record from admin.chats.prompt's
 * use case. The message need not still carry a reaction: a fan may clear theirs after the list was
 * loaded, and the page then shows the message without one. NOT_FOUND when the message is not in
 * that chat.
 */
export async function getAdminReaction(db: Executor, input: AdminReactionGetInput): Promise<AdminReactionGetOutput> {
  const [row] = await db
    .select({
      message: chatMessages,
      talent: {
        id: talents.id,
        name: talents.name,
        tag: talents.tag,
        profilePictureUrl: talents.profilePictureUrl,
        creditsToUnlockImage: talents.creditsToUnlockImage,
        creditsToUnlockAudio: talents.creditsToUnlockAudio,
        creditsToUnlockFirstImage: talents.creditsToUnlockFirstImage,
      },
      fan: { id: users.id, name: users.name, email: users.email, isAnonymous: users.isAnonymous },
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .innerJoin(users, eq(users.id, chats.userId))
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.chatId, input.chatId)))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'This message does not exist in this chat.');
  const { message, talent, fan } = row;

  // Both neighbours are range scans of chat_messages_chat_created_idx from the message's position,
  // read in the database: a JS Date would cut created_at to the millisecond and misplace neighbours.
  const position = sql`(select m.created_at, m.id from chat_messages m where m.id = ${message.id})`;
  const [before, after, hasUnlockedImage, detail] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, input.chatId), sql`(${chatMessages.createdAt}, ${chatMessages.id}) < ${position}`))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(adminReactionContextBefore),
    db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, input.chatId), sql`(${chatMessages.createdAt}, ${chatMessages.id}) > ${position}`))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
      .limit(adminReactionContextAfter),
    chatHasUnlockedImage(db, input.chatId),
    getAdminChatPrompt(db, input),
  ]);
  // Admins see every original, as in the admin chat view.
  const view = (m: typeof message) => toMessageView(m, { ...talent, hasUnlockedImage, seesOriginals: true });
  return {
    chat: {
      id: input.chatId,
      talent: { id: talent.id, name: talent.name, tag: talent.tag, profilePictureUrl: talent.profilePictureUrl },
      fan,
    },
    message: view(message),
    context: [...before.reverse(), message, ...after].map(view),
    prompt: detail.prompt,
  };
}
