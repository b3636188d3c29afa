// The creator's Conversations (talent.conversations.*): the twin's chats, newest activity first,
// with filters and a search in messages, and one chat in full. Only chats of a talent the viewer
// manages: the list is scoped to the talent, and a chat of another twin is NOT_FOUND, as every
// object-level check on chats answers, so its existence does not leak. Fans are named, never
// shown by email.
import {
  boundaryFlags,
  chatMessages,
  chatPrompts,
  chats,
  type Executor,
  replyDrafts,
  talentConfigs,
  talentCorrections,
  users,
} from '@doppel/db';
import {
  type ConversationDetail,
  type ConversationFilter,
  type ConversationsListOutput,
  type ConversationView,
  conversationMessageLimit,
} from '@doppel/validation';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../access/scopes.ts';
import { lastMessagesOf } from '../admin/chats/list-chats.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../admin/paging.ts';
import { chatNotFound } from '../chat/access.ts';
import { listChatMemories } from '../chat/memory/manage.ts';
import { holdsReplies } from '../chat/reply/approval-mode.ts';
import { DomainError } from '../errors.ts';

/** Newest activity first; chats_talent_updated_idx serves the talent's range. */
const byActivity: KeysetSort = {
  key: 'conversations',
  column: chats.updatedAt,
  kind: 'timestamp',
  direction: 'desc',
  id: chats.id,
};

const hasBoundaryFlag = sql<boolean>`exists (select 1 from ${boundaryFlags} where ${boundaryFlags.chatId} = ${chats.id})`;
const hasHeldReply = sql<boolean>`exists (select 1 from ${replyDrafts} where ${replyDrafts.chatId} = ${chats.id} and ${replyDrafts.status} = 'PENDING')`;
const hasThumbsDown = sql<boolean>`exists (select 1 from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and ${chatMessages.reaction} = 'THUMBS_DOWN')`;

/** Paying and subscribers are the chat flags the admin list filters on (set once, never cleared). */
function filterCondition(filter: ConversationFilter): SQL | undefined {
  switch (filter) {
    case 'paying':
      return sql`${chats.hasUserInteractionWithPaidCredits}`;
    case 'subscribers':
      return sql`${chats.hasUserInteractionWithSubscription}`;
    case 'flagged':
      return hasBoundaryFlag;
    case 'thumbsDown':
      return hasThumbsDown;
    case 'held':
      return hasHeldReply;
    default:
      return undefined;
  }
}

/** `%` and `_` typed by the creator are searched for literally. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Chats with a message containing the text, case-insensitive. Postgres picks one of two plans for
 * the same semi-join: a rare or absent text is looked up in chat_messages_text_trgm_idx (pg_trgm;
 * only matching messages are read, then kept when their chat is the twin's), a common one is
 * checked chat by chat, newest first, through chat_messages_chat_created_idx until the page is
 * full. A text with no three letters in a row (a trigram) cannot use the index and takes the
 * second plan. bench/creator-insights times all of them (docs/creator-dashboard.md).
 */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return sql`exists (select 1 from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and ${chatMessages.text} ilike ${likePattern(search)})`;
}

const conversationColumns = {
  id: chats.id,
  chatMessageCount: chats.chatMessageCount,
  createdAt: chats.createdAt,
  updatedAt: chats.updatedAt,
  paying: chats.hasUserInteractionWithPaidCredits,
  subscriber: chats.hasUserInteractionWithSubscription,
  flagged: hasBoundaryFlag,
  thumbsDown: hasThumbsDown,
  fanId: users.id,
  fanName: users.name,
  fanIsAnonymous: users.isAnonymous,
  takenOverAt: chats.takenOverAt,
  heldReplies: sql<number>`(select count(*)::int from ${replyDrafts} where ${replyDrafts.chatId} = ${chats.id} and ${replyDrafts.status} = 'PENDING')`,
};

type ConversationRow = {
  id: string;
  chatMessageCount: number;
  createdAt: Date;
  updatedAt: Date;
  paying: boolean;
  subscriber: boolean;
  flagged: boolean;
  thumbsDown: boolean;
  fanId: string;
  fanName: string;
  fanIsAnonymous: boolean;
  takenOverAt: Date | null;
  heldReplies: number;
};

function toView(row: ConversationRow, lastMessage: ConversationView['lastMessage'] | undefined): ConversationView {
  return {
    id: row.id,
    fan: { id: row.fanId, name: row.fanName.trim(), isAnonymous: row.fanIsAnonymous },
    chatMessageCount: row.chatMessageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paying: row.paying,
    subscriber: row.subscriber,
    flagged: Boolean(row.flagged),
    thumbsDown: Boolean(row.thumbsDown),
    takenOverAt: row.takenOverAt?.toISOString() ?? null,
    heldReplies: Number(row.heldReplies),
    lastMessage: lastMessage ?? null,
  };
}

function assertManages(viewer: Viewer, talentId: string): void {
  if (!managesTalent(viewer, talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
}

export type ListConversationsInput = {
  talentId: string;
  filter: ConversationFilter;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
};

/** `talent.conversations.list`: one page of the twin's chats; `nextCursor` continues after it. */
export async function listConversations(
  db: Executor,
  viewer: Viewer,
  input: ListConversationsInput,
): Promise<ConversationsListOutput> {
  assertManages(viewer, input.talentId);
  const rows = await db
    .select({ ...conversationColumns, sortValue: sortValueOf(byActivity) })
    .from(chats)
    .innerJoin(users, eq(users.id, chats.userId))
    .where(
      and(
        eq(chats.talentId, input.talentId),
        filterCondition(input.filter),
        searchCondition(input.search),
        afterCursor(byActivity, input.cursor),
      ),
    )
    .orderBy(...keysetOrder(byActivity))
    .limit(pageLimit(input.limit));
  const page = toPage(rows, byActivity, input.limit);
  const lastMessages = await lastMessagesOf(
    db,
    page.rows.map((row) => row.id),
  );
  return { items: page.rows.map((row) => toView(row, lastMessages.get(row.id))), nextCursor: page.nextCursor };
}

/**
 * `talent.conversations.get`: the chat with its newest messages (oldest first), each with its
 * reaction, cost and boundary flag; the fan's memory notes; the credits spent here.
 */
export async function getConversation(
  db: Executor,
  viewer: Viewer,
  input: { talentId: string; chatId: string; messageLimit?: number },
): Promise<ConversationDetail> {
  assertManages(viewer, input.talentId);
  const [row] = await db
    .select(conversationColumns)
    .from(chats)
    .innerJoin(users, eq(users.id, chats.userId))
    .where(and(eq(chats.id, input.chatId), eq(chats.talentId, input.talentId)))
    .limit(1);
  if (!row) throw chatNotFound();

  const newest = await db
    .select({
      id: chatMessages.id,
      senderType: chatMessages.senderType,
      text: chatMessages.text,
      attachmentCount: sql<number>`jsonb_array_length(${chatMessages.attachments})`,
      reaction: chatMessages.reaction,
      reactionFeedback: chatMessages.reactionFeedback,
      spentFreeCredits: chatMessages.spentFreeCredits,
      spentPaidCredits: chatMessages.spentPaidCredits,
      sentByUserId: chatMessages.sentByUserId,
      isSafetyReply: chatMessages.isSafetyReply,
      notice: chatMessages.notice,
      replyToMessageId: chatMessages.replyToMessageId,
      correction: talentCorrections.answerText,
      passages: chatPrompts.passages,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(talentCorrections, eq(talentCorrections.replyMessageId, chatMessages.id))
    // A twin reply's prompt record (same id): the knowledge passages it was based on.
    .leftJoin(chatPrompts, eq(chatPrompts.id, chatMessages.id))
    .where(eq(chatMessages.chatId, row.id))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(input.messageLimit ?? conversationMessageLimit);
  const messages = newest.reverse();
  const [[approval], [totals]] = await Promise.all([
    db
      .select({
        chatMode: chats.replyApproval,
        twinHolds: talentConfigs.replyApproval,
      })
      .from(chats)
      .leftJoin(talentConfigs, eq(talentConfigs.id, chats.talentId))
      .where(eq(chats.id, row.id)),
    db
      .select({
        count: sql<number>`count(*)::int`,
        freeCredits: sql<number>`coalesce(sum(${chatMessages.spentFreeCredits}), 0)::int`,
        paidCredits: sql<number>`coalesce(sum(${chatMessages.spentPaidCredits}), 0)::int`,
      })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, row.id)),
  ]);
  const chatMode = approval?.chatMode ?? 'TWIN';
  const flags = messages.length
    ? await db
        .select({
          messageId: boundaryFlags.messageId,
          side: boundaryFlags.side,
          reason: boundaryFlags.reason,
          matched: boundaryFlags.matched,
        })
        .from(boundaryFlags)
        .where(
          and(
            eq(boundaryFlags.chatId, row.id),
            inArray(
              boundaryFlags.messageId,
              messages.map((message) => message.id),
            ),
          ),
        )
        .orderBy(asc(boundaryFlags.createdAt))
    : [];
  const flagOf = new Map(flags.map((flag) => [flag.messageId, flag]));
  const { memories } = await listChatMemories(db, viewer, row.id, { as: 'manager', talentId: input.talentId });
  const last = messages.at(-1);

  return {
    chat: toView(
      row,
      last && {
        senderType: last.senderType,
        text: last.text,
        attachmentCount: Number(last.attachmentCount),
        createdAt: last.createdAt.toISOString(),
      },
    ),
    messages: messages.map(({ sentByUserId, passages, ...message }) => {
      const flag = flagOf.get(message.id);
      return {
        ...message,
        basedOn: (passages ?? []).map(({ sourceId, sourceTitle, heading, text, score }) => ({
          sourceId,
          sourceTitle,
          heading,
          text,
          score,
        })),
        writtenByCreator: sentByUserId !== null,
        attachmentCount: Number(message.attachmentCount),
        boundaryFlag: flag ? { side: flag.side, reason: flag.reason, matched: flag.matched } : null,
        createdAt: message.createdAt.toISOString(),
      };
    }),
    olderMessageCount: Math.max(0, (totals?.count ?? 0) - messages.length),
    memories,
    spent: { freeCredits: totals?.freeCredits ?? 0, paidCredits: totals?.paidCredits ?? 0 },
    replyApproval: { mode: chatMode, holdsReplies: holdsReplies(chatMode, approval?.twinHolds ?? false) },
  };
}
