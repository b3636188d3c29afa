// The admin reactions list (docs/product-rules.md#admin-back-office): twin messages fans rated, newest first, one reaction or
// both, 50 a page by keyset.
import { chatMessages, chats, type Executor, talents, users } from '@doppel/db';
import {
  type AdminReactionFilter,
  type AdminReactionsListOutput,
  adminPageSize,
  adminReactionPreviewLength,
} from '@doppel/validation';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

/**
 * Newest first by (created_at, id). With one reaction, chat_messages_reaction_created_id_idx
 * (reaction, created_at, id) serves it; with both, chat_messages_reacted_created_id_idx
 * (created_at, id) where reaction is not null.
 */
const newestFirst: KeysetSort = {
  key: 'createdAt',
  column: chatMessages.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: chatMessages.id,
};

function filterCondition(filter: AdminReactionFilter) {
  return filter === 'all' ? isNotNull(chatMessages.reaction) : eq(chatMessages.reaction, filter);
}

export type ListAdminReactionsInput = { filter: AdminReactionFilter; cursor?: string | null | undefined };

/** `admin.reactions.list`: one page of rated messages with their twin and fan; `nextCursor` continues. */
export async function listAdminReactions(db: Executor, input: ListAdminReactionsInput): Promise<AdminReactionsListOutput> {
  const rows = await db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      text: sql<string>`left(${chatMessages.text}, ${adminReactionPreviewLength})`,
      attachmentCount: sql<number>`jsonb_array_length(${chatMessages.attachments})`,
      reaction: chatMessages.reaction,
      reactionFeedback: chatMessages.reactionFeedback,
      createdAt: chatMessages.createdAt,
      talentId: talents.id,
      talentName: talents.name,
      talentTag: talents.tag,
      talentPicture: talents.profilePictureUrl,
      fanId: users.id,
      fanName: users.name,
      fanEmail: users.email,
      fanIsAnonymous: users.isAnonymous,
      sortValue: sortValueOf(newestFirst),
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .innerJoin(users, eq(users.id, chats.userId))
    .where(and(filterCondition(input.filter), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, newestFirst, adminPageSize);
  return {
    items: page.rows.flatMap((row) =>
      // The filter guarantees a reaction; the check narrows the type.
      row.reaction
        ? [
            {
              id: row.id,
              chatId: row.chatId,
              text: row.text,
              attachmentCount: Number(row.attachmentCount),
              reaction: row.reaction,
              reactionFeedback: row.reactionFeedback,
              createdAt: row.createdAt.toISOString(),
              talent: { id: row.talentId, name: row.talentName, tag: row.talentTag, profilePictureUrl: row.talentPicture },
              fan: { id: row.fanId, name: row.fanName, email: row.fanEmail, isAnonymous: row.fanIsAnonymous },
            },
          ]
        : [],
    ),
    nextCursor: page.nextCursor,
  };
}
