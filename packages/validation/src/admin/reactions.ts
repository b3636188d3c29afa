// The admin back-office Reactions section (admin.reactions.*, docs/product-rules.md#admin-back-office "Reactions: list with
// thumbs-down and thumbs-up filters", /reactions/{chatId}/{chatMessageId}): the twin messages fans
// rated, newest first, and one of them in its chat with the prompt that produced it.
import { z } from 'zod';
import { chatMessageOutput } from '../chat/index.ts';
import { reactions } from '../enums.ts';
import { adminChatFanOutput, adminChatPromptRecordOutput, adminChatTalentOutput } from './chats.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

/** One reaction, or every rated message. */
export const adminReactionFilters = ['THUMBS_DOWN', 'THUMBS_UP', 'all'] as const;
export type AdminReactionFilter = (typeof adminReactionFilters)[number];
/** Bad answers are what an admin looks for first. */
export const defaultAdminReactionFilter: AdminReactionFilter = 'THUMBS_DOWN';

/** Messages shown around the rated one on its detail page: enough to read what led to it. */
export const adminReactionContextBefore = 5;
export const adminReactionContextAfter = 2;
/** Characters of a message's text in the list. */
export const adminReactionPreviewLength = 200;

export const adminReactionsListInput = adminListInput({
  filter: z.enum(adminReactionFilters).default(defaultAdminReactionFilter),
});
export type AdminReactionsListInput = z.input<typeof adminReactionsListInput>;

export const adminReactionOutput = z.object({
  /** The rated message's id. */
  id: z.string(),
  chatId: z.string(),
  /** The start of the message's text (up to `adminReactionPreviewLength` characters). */
  text: z.string(),
  attachmentCount: z.number().int(),
  reaction: z.enum(reactions),
  reactionFeedback: z.string().nullable(),
  /** When the message was sent (ISO 8601); the list's order. */
  createdAt: z.iso.datetime(),
  talent: adminChatTalentOutput,
  fan: adminChatFanOutput,
});
export type AdminReactionView = z.infer<typeof adminReactionOutput>;

/** Newest message first, the id breaking ties; 50 a page. */
export const adminReactionsListOutput = adminListOutput(adminReactionOutput);
export type AdminReactionsListOutput = z.infer<typeof adminReactionsListOutput>;

export const adminReactionGetInput = z.object({ chatId: adminId('Chat ID'), messageId: adminId('Message ID') });
export type AdminReactionGetInput = z.infer<typeof adminReactionGetInput>;

export const adminReactionGetOutput = z.object({
  chat: z.object({ id: z.string(), talent: adminChatTalentOutput, fan: adminChatFanOutput }),
  /** The rated message as the chat view shows it (reaction and feedback included; null once the fan cleared it). */
  message: chatMessageOutput,
  /** Up to 5 messages before it, the message itself, and up to 2 after it, oldest first. */
  context: z.array(chatMessageOutput),
  /** What the model was asked and answered for it; null when it was sent without the model. */
  prompt: adminChatPromptRecordOutput.nullable(),
});
export type AdminReactionGetOutput = z.infer<typeof adminReactionGetOutput>;
