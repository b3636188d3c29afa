// The admin chat list (docs/product-rules.md#admin-back-office): one flag filter, one descending sort, pages of 50 by keyset.
// Admin-only: the API's admin tier authorises the caller before these run.
import { chatMessages, chats, type Executor, talents, users } from '@doppel/db';
import {
  type AdminChatFilter,
  type AdminChatSort,
  type AdminChatsListOutput,
  type AdminChatView,
  adminPageSize,
} from '@doppel/validation';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

/** Every sort is descending, keyed by the id; `(sort column, id)` indexes serve each one. */
const chatSorts: Record<AdminChatSort, KeysetSort> = {
  createdAt: { key: 'createdAt', column: chats.createdAt, kind: 'timestamp', direction: 'desc', id: chats.id },
  updatedAt: { key: 'updatedAt', column: chats.updatedAt, kind: 'timestamp', direction: 'desc', id: chats.id },
  chatMessageCount: { key: 'chatMessageCount', column: chats.chatMessageCount, kind: 'integer', direction: 'desc', id: chats.id },
};

/** The flag filter as a bare boolean condition, the form the partial indexes are declared with. */
function filterCondition(filter: AdminChatFilter): SQL | undefined {
  return filter === 'all' ? undefined : sql`${chats[filter]}`;
}

const chatColumns = {
  id: chats.id,
  chatMessageCount: chats.chatMessageCount,
  createdAt: chats.createdAt,
  updatedAt: chats.updatedAt,
  hasUserInteraction: chats.hasUserInteraction,
  hasUserInteractionWithNonAnonymousUser: chats.hasUserInteractionWithNonAnonymousUser,
  hasUserInteractionWithPaidCredits: chats.hasUserInteractionWithPaidCredits,
  hasUserInteractionWithSubscription: chats.hasUserInteractionWithSubscription,
  hasUserInteractionWithManager: chats.hasUserInteractionWithManager,
  needsSafetyReview: chats.needsSafetyReview,
  talentId: talents.id,
  talentName: talents.name,
  talentTag: talents.tag,
  talentPicture: talents.profilePictureUrl,
  fanId: users.id,
  fanName: users.name,
  fanEmail: users.email,
  fanIsAnonymous: users.isAnonymous,
};

type ChatRow = {
  id: string;
  chatMessageCount: number;
  createdAt: Date;
  updatedAt: Date;
  hasUserInteraction: boolean;
  hasUserInteractionWithNonAnonymousUser: boolean;
  hasUserInteractionWithPaidCredits: boolean;
  hasUserInteractionWithSubscription: boolean;
  hasUserInteractionWithManager: boolean;
  needsSafetyReview: boolean;
  talentId: string;
  talentName: string;
  talentTag: string | null;
  talentPicture: string | null;
  fanId: string;
  fanName: string;
  fanEmail: string | null;
  fanIsAnonymous: boolean;
};

type LastMessage = NonNullable<AdminChatView['lastMessage']>;

/**
 * The newest message of each chat: one index probe per chat (chat_messages_chat_created_idx).
 * Shared with the creator's Conversations list (talent/conversations).
 */
export async function lastMessagesOf(db: Executor, chatIds: string[]): Promise<Map<string, LastMessage>> {
  if (chatIds.length === 0) return new Map();
  const last = db
    .select({
      senderType: chatMessages.senderType,
      text: chatMessages.text,
      attachmentCount: sql<number>`jsonb_array_length(${chatMessages.attachments})`.as('attachment_count'),
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chats.id))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1)
    .as('last_message');
  const rows = await db
    .select({
      chatId: chats.id,
      senderType: last.senderType,
      text: last.text,
      attachmentCount: last.attachmentCount,
      createdAt: last.createdAt,
    })
    .from(chats)
    .innerJoinLateral(last, sql`true`)
    .where(inArray(chats.id, chatIds));
  return new Map(
    rows.map((row) => [
      row.chatId,
      {
        senderType: row.senderType,
        text: row.text,
        attachmentCount: Number(row.attachmentCount),
        createdAt: row.createdAt.toISOString(),
      },
    ]),
  );
}

function toChatView(row: ChatRow, lastMessage: LastMessage | undefined): AdminChatView {
  return {
    id: row.id,
    talent: { id: row.talentId, name: row.talentName, tag: row.talentTag, profilePictureUrl: row.talentPicture },
    fan: { id: row.fanId, name: row.fanName, email: row.fanEmail, isAnonymous: row.fanIsAnonymous },
    chatMessageCount: row.chatMessageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    flags: {
      hasUserInteraction: row.hasUserInteraction,
      hasUserInteractionWithNonAnonymousUser: row.hasUserInteractionWithNonAnonymousUser,
      hasUserInteractionWithPaidCredits: row.hasUserInteractionWithPaidCredits,
      hasUserInteractionWithSubscription: row.hasUserInteractionWithSubscription,
      hasUserInteractionWithManager: row.hasUserInteractionWithManager,
      needsSafetyReview: row.needsSafetyReview,
    },
    lastMessage: lastMessage ?? null,
  };
}

export type ListAdminChatsInput = { filter: AdminChatFilter; sort: AdminChatSort; cursor?: string | null | undefined };

/** `admin.chats.list`: one page of chats, newest (or busiest) first; `nextCursor` continues after it. */
export async function listAdminChats(db: Executor, input: ListAdminChatsInput): Promise<AdminChatsListOutput> {
  const sort = chatSorts[input.sort];
  const rows = await db
    .select({ ...chatColumns, sortValue: sortValueOf(sort) })
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .innerJoin(users, eq(users.id, chats.userId))
    .where(and(filterCondition(input.filter), afterCursor(sort, input.cursor)))
    .orderBy(...keysetOrder(sort))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, sort, adminPageSize);
  const lastMessages = await lastMessagesOf(
    db,
    page.rows.map((row) => row.id),
  );
  return { items: page.rows.map((row) => toChatView(row, lastMessages.get(row.id))), nextCursor: page.nextCursor };
}

/** `admin.chats.get`: one chat with its twin, fan and flags (the message view's header). */
export async function getAdminChat(db: Executor, chatId: string): Promise<AdminChatView> {
  const [row] = await db
    .select(chatColumns)
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .innerJoin(users, eq(users.id, chats.userId))
    .where(eq(chats.id, chatId))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'This chat does not exist.');
  const lastMessages = await lastMessagesOf(db, [row.id]);
  return toChatView(row, lastMessages.get(row.id));
}
