// The creator's Conversations screens (talent.conversations.*): the twin's chats with filters and
// a search in messages, and one chat with its messages, reactions, boundary flags, the fan's
// memory and what the fan spent. Fans are named, never shown by email.
import { z } from 'zod';
import { chatSendInput } from '../chat/index.ts';
import { fanMemoryOutput } from '../chat/memories.ts';
import { singleLineText } from '../common/single-line.ts';
import { chatNoticeKinds, reactions, senderTypes } from '../enums.ts';
import {
  chatReplyApprovalModes,
  conversationFilters,
  conversationMessageLimit,
  conversationMessageLimitMax,
  conversationSearchMaxLength,
} from './conversation-filters.ts';
import { basedOnPassageOutput } from './knowledge.ts';

export const conversationsListInput = z.object({
  filter: z
    .enum(conversationFilters, { error: 'Choose a filter: all, paying, subscribers, flagged, thumbsDown or held.' })
    .default('all'),
  search: singleLineText()
    .max(conversationSearchMaxLength, `Search for at most ${conversationSearchMaxLength} characters.`)
    .optional(),
  /** Keyset cursor from the previous page's `nextCursor`. */
  cursor: singleLineText().min(1, 'The list position is empty.').max(500, 'The list position is too long.').optional(),
  limit: z.number().int().min(1, 'Ask for at least 1 chat.').max(50, 'Ask for at most 50 chats at a time.').default(20),
});
export type ConversationsListInput = z.input<typeof conversationsListInput>;

const conversationChatId = singleLineText().min(1, 'Chat ID is not defined').max(100, 'Chat ID is too long.');

export const conversationGetInput = z.object({
  chatId: conversationChatId,
  /** How many of the newest messages to carry; older ones are counted, not sent. */
  messageLimit: z
    .number()
    .int()
    .min(1, 'Ask for at least 1 message.')
    .max(conversationMessageLimitMax, `Ask for at most ${conversationMessageLimitMax.toLocaleString('en-US')} messages.`)
    .default(conversationMessageLimit),
});

/** The fan as the creator sees them: display name and whether they are signed in; no email. */
export const conversationFanOutput = z.object({ id: z.string(), name: z.string(), isAnonymous: z.boolean() });

export const conversationOutput = z.object({
  id: z.string(),
  fan: conversationFanOutput,
  chatMessageCount: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The last activity: the list's order. */
  updatedAt: z.iso.datetime(),
  /** The fan has spent paid credits here. */
  paying: z.boolean(),
  /** The fan has written here while subscribed. */
  subscriber: z.boolean(),
  /** A fan message here crossed the twin's boundaries. */
  flagged: z.boolean(),
  /** The fan gave a twin reply here a thumbs down. */
  thumbsDown: z.boolean(),
  /** Set while the creator has taken the chat over (the twin does not answer). */
  takenOverAt: z.iso.datetime().nullable(),
  /** The twin's replies to this fan waiting for the creator's approval. */
  heldReplies: z.number().int(),
  lastMessage: z
    .object({ senderType: z.enum(senderTypes), text: z.string(), attachmentCount: z.number().int(), createdAt: z.iso.datetime() })
    .nullable(),
});
export type ConversationView = z.infer<typeof conversationOutput>;

export const conversationsListOutput = z.object({ items: z.array(conversationOutput), nextCursor: z.string().nullable() });
export type ConversationsListOutput = z.infer<typeof conversationsListOutput>;

export const conversationMessageOutput = z.object({
  id: z.string(),
  senderType: z.enum(senderTypes),
  text: z.string(),
  attachmentCount: z.number().int(),
  reaction: z.enum(reactions).nullable(),
  reactionFeedback: z.string().nullable(),
  /** What sending this fan message cost. */
  spentFreeCredits: z.number().int(),
  spentPaidCredits: z.number().int(),
  /** Set when this fan message crossed the twin's boundaries. */
  boundaryFlag: z.object({ side: z.string(), reason: z.string(), matched: z.string() }).nullable(),
  /** A TALENT message the creator wrote (a takeover, an edited draft); the fan sees it as the twin's. */
  writtenByCreator: z.boolean(),
  /** The crisis protocol's safety reply, sent instead of the twin (docs/safety.md). */
  isSafetyReply: z.boolean(),
  /** A reminder from Doppel, not from the twin (docs/safety.md, Reminders); null for everything else. */
  notice: z.enum(chatNoticeKinds).nullable(),
  /** The fan message a TALENT message answers: only such replies can be rewritten. */
  replyToMessageId: z.string().nullable(),
  /** What the creator would have answered instead (a correction), for a twin reply they rewrote. */
  correction: z.string().nullable(),
  /** For a twin reply: the knowledge passages its prompt carried, best first ("Based on"). */
  basedOn: z.array(basedOnPassageOutput),
  createdAt: z.iso.datetime(),
});
export type ConversationMessage = z.infer<typeof conversationMessageOutput>;

export const conversationDetailOutput = z.object({
  chat: conversationOutput,
  /** Oldest first, the newest `messageLimit` of them. */
  messages: z.array(conversationMessageOutput),
  /** Messages older than those shown. */
  olderMessageCount: z.number().int(),
  memories: z.array(fanMemoryOutput),
  /** Credits the fan spent in this chat, over all its messages. */
  spent: z.object({ freeCredits: z.number().int(), paidCredits: z.number().int() }),
  /** This fan's approval mode and whether the twin's replies to them are held now. */
  replyApproval: z.object({ mode: z.enum(chatReplyApprovalModes), holdsReplies: z.boolean() }),
});
export type ConversationDetail = z.infer<typeof conversationDetailOutput>;

/** `talent.conversations.takeOver` / `handBack`: the chat the creator pauses or gives back to the twin. */
export const conversationTakeoverInput = z.object({ chatId: conversationChatId });

/** `talent.conversations.send`: the creator writes as the twin; the same text rules as a fan's message. */
export const conversationSendInput = z.object({ chatId: conversationChatId, text: chatSendInput.shape.text });
export type ConversationSendInput = z.infer<typeof conversationSendInput>;

export const conversationTakeoverOutput = z.object({ takenOverAt: z.iso.datetime().nullable() });
export const conversationSendOutput = z.object({ messageId: z.string(), replyToMessageId: z.string().nullable() });
