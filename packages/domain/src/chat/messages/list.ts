import { chatMessages, chats, type Executor, replyDrafts, talents } from '@doppel/db';
import { type ChatMessagesOutput, chatMessagesPageSize } from '@doppel/validation';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Viewer } from '../../access/scopes.ts';
import { canReadChat, chatNotFound, seesOriginals } from '../access.ts';
import { isTestChat, pricesFor } from '../test-chat.ts';
import { chatHasUnlockedImage } from './unlocked-image.ts';
import { toMessageView } from './view.ts';

/**
 * The cursor is the id of the page's last message; the next page is what sorts after it by
 * (createdAt, id), compared in the database so timestamps keep their full precision.
 */
function olderThan(cursorId: string) {
  return sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select m.created_at, m.id from chat_messages m where m.id = ${cursorId})`;
}

/** One page of a chat, newest first, for its fan, the talent's managers and admins. */
export async function listChatMessages(
  db: Executor,
  viewer: Viewer,
  input: { chatId: string; cursor?: string | undefined },
): Promise<ChatMessagesOutput> {
  const [chat] = await db
    .select({
      userId: chats.userId,
      talentId: chats.talentId,
      creditsToUnlockImage: talents.creditsToUnlockImage,
      creditsToUnlockAudio: talents.creditsToUnlockAudio,
      creditsToUnlockFirstImage: talents.creditsToUnlockFirstImage,
      takenOverAt: chats.takenOverAt,
      // Approval mode holds a reply to this fan: the creator decides, however long it takes.
      hasHeldReply: sql<boolean>`exists (select 1 from ${replyDrafts} where ${replyDrafts.chatId} = ${chats.id} and ${replyDrafts.status} = 'PENDING')`,
    })
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .where(eq(chats.id, input.chatId))
    .limit(1);
  if (!chat || !canReadChat(viewer, chat)) throw chatNotFound();
  // Pipelined in one round trip: the page and whether an image was unlocked here.
  const [rows, hasUnlockedImage] = await Promise.all([
    db
      .select({ ...getTableColumns(chatMessages), creditsReturned: unansweredByCreator })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, input.chatId), input.cursor ? olderThan(input.cursor) : undefined))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(chatMessagesPageSize + 1),
    chatHasUnlockedImage(db, input.chatId),
  ]);
  const page = rows.slice(0, chatMessagesPageSize);
  // In the creator's own test chat every unlock is free, and the buttons say so.
  const prices = pricesFor(chat, isTestChat(viewer, chat));
  const context = { ...prices, hasUnlockedImage, seesOriginals: seesOriginals(viewer, chat.talentId) };
  const last = page.at(-1);
  return {
    items: page.map(({ creditsReturned, ...message }) => ({
      ...toMessageView(message, context),
      ...(creditsReturned ? { creditsReturned: true } : {}),
    })),
    nextCursor: rows.length > chatMessagesPageSize && last ? last.id : null,
    awaitingCreator: chat.takenOverAt !== null || chat.hasHeldReply,
  };
}

/**
 * A fan message whose held reply was rejected or dropped: never answered, and refunded. Spelled out:
 * a select field of a one-table query is rendered with bare column names, and inside the subquery a
 * bare "id" would be the draft's.
 */
const unansweredByCreator = sql<boolean>`exists (select 1 from reply_drafts d where d.fan_message_id = chat_messages.id and d.status in ('REJECTED', 'DROPPED_ON_EXPIRY'))`;
