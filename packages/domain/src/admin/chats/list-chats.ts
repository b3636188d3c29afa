// The admin chat list (spec 2.5): one flag filter, one descending sort, pages of 50 by keyset.
// Admin-only: the API's admin tier authorises the caller before these run.
import { chatMessages, chats, type Executor, talents, users } from '@doppel/db';
import {
  type AdminChatFilter,
  type AdminChatSort,
  type AdminChatsListOutput,
  type AdminChatView,
  adminChatsPageSize,
} from '@doppel/validation';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { decodeChatListCursor, encodeChatListCursor } from './cursor.ts';

const sortColumns = {
  createdAt: chats.createdAt,
  updatedAt: chats.updatedAt,
  chatMessageCount: chats.chatMessageCount,
} as const;

/** The sort value as text the cursor can carry: timestamps in UTC to the microsecond. */
function sortValueText(sort: AdminChatSort): SQL<string> {
  if (sort === 'chatMessageCount') return sql<string>`${chats.chatMessageCount}::text`;
  return sql<string>`to_char(${sortColumns[sort]} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Chats that sort after the cursor's chat: `(value, id) < (cursor value, cursor id)`, descending.
 * The (sort column, id) indexes serve the row comparison as one range scan from the cursor.
 */
function afterCursor(sort: AdminChatSort, value: string, id: string): SQL {
  const column = sortColumns[sort];
  const cursorValue = sort === 'chatMessageCount' ? sql`${Number(value)}::integer` : sql`${value}::timestamptz`;
  return sql`(${column}, ${chats.id}) < (${cursorValue}, ${id})`;
}

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

/** The newest message of each chat: one index probe per chat (chat_messages_chat_created_idx). */
async function lastMessagesOf(db: Executor, chatIds: string[]): Promise<Map<string, LastMessage>> {
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
    },
    lastMessage: lastMessage ?? null,
  };
}

export type ListAdminChatsInput = { filter: AdminChatFilter; sort: AdminChatSort; cursor?: string | null | undefined };

/** `adminChats.list`: one page of chats, newest (or busiest) first; `nextCursor` continues after it. */
export async function listAdminChats(db: Executor, input: ListAdminChatsInput): Promise<AdminChatsListOutput> {
  const { filter, sort } = input;
  const position = input.cursor ? decodeChatListCursor(input.cursor, sort) : undefined;
  const rows = await db
    .select({ ...chatColumns, sortValue: sortValueText(sort) })
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .innerJoin(users, eq(users.id, chats.userId))
    .where(and(filterCondition(filter), position ? afterCursor(sort, position.value, position.id) : undefined))
    .orderBy(desc(sortColumns[sort]), desc(chats.id))
    .limit(adminChatsPageSize + 1);
  const page = rows.slice(0, adminChatsPageSize);
  const lastMessages = await lastMessagesOf(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => toChatView(row, lastMessages.get(row.id))),
    nextCursor:
      rows.length > adminChatsPageSize && last ? encodeChatListCursor({ sort, value: last.sortValue, id: last.id }) : null,
  };
}

/** `adminChats.get`: one chat with its twin, fan and flags (the message view's header). */
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
