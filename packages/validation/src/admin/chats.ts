// The admin back-office Chats screens (admin.chats.*): the chat list with its filters and sorts,
// one chat's header, and the prompt record of one message (the Input and Output tabs).
import { z } from 'zod';
import { fanMemoryKinds } from '../chat/memory-limits.ts';
import { chatPromptMessageTypes, llmTypes, reactions, senderTypes } from '../enums.ts';
import { adminChatFilters, adminChatSorts, defaultAdminChatFilter, defaultAdminChatSort } from './chat-filters.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

export const adminChatsListInput = adminListInput({
  filter: z.enum(adminChatFilters).default(defaultAdminChatFilter),
  sort: z.enum(adminChatSorts).default(defaultAdminChatSort),
});
export type AdminChatsListInput = z.input<typeof adminChatsListInput>;

export const adminChatFlagsOutput = z.object({
  hasUserInteraction: z.boolean(),
  hasUserInteractionWithNonAnonymousUser: z.boolean(),
  hasUserInteractionWithPaidCredits: z.boolean(),
  hasUserInteractionWithSubscription: z.boolean(),
  hasUserInteractionWithManager: z.boolean(),
  needsSafetyReview: z.boolean(),
});
export type AdminChatFlagsView = z.infer<typeof adminChatFlagsOutput>;

export const adminChatTalentOutput = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
});

export const adminChatFanOutput = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isAnonymous: z.boolean(),
});
export type AdminChatFanView = z.infer<typeof adminChatFanOutput>;

export const adminChatLastMessageOutput = z.object({
  senderType: z.enum(senderTypes),
  text: z.string(),
  attachmentCount: z.number().int(),
  createdAt: z.iso.datetime(),
});

export const adminChatOutput = z.object({
  id: z.string(),
  talent: adminChatTalentOutput,
  fan: adminChatFanOutput,
  chatMessageCount: z.number().int(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  flags: adminChatFlagsOutput,
  /** The newest message, for a preview in the list; null while nobody wrote. */
  lastMessage: adminChatLastMessageOutput.nullable(),
});
export type AdminChatView = z.infer<typeof adminChatOutput>;

export const adminChatsListOutput = adminListOutput(adminChatOutput);
export type AdminChatsListOutput = z.infer<typeof adminChatsListOutput>;

export const adminChatGetInput = z.object({ chatId: adminId('Chat ID') });
export const adminChatGetOutput = adminChatOutput;

export const adminChatPromptInput = z.object({ chatId: adminId('Chat ID'), messageId: adminId('Message ID') });
export type AdminChatPromptInput = z.infer<typeof adminChatPromptInput>;

/** What the model was asked (Input tab) and answered (Output tab) for one twin message. */
export const adminChatPromptRecordOutput = z.object({
  /** OFFLINE: the offline engine answered, without a language model. */
  llmType: z.enum(llmTypes),
  /** The model asked (the fine-tuned model, else the base model, else the server's override). */
  llmFineTunedModelId: z.string().nullable(),
  llmTemperature: z.number(),
  messages: z.array(z.object({ type: z.enum(chatPromptMessageTypes), text: z.string() })),
  faqItems: z.array(z.object({ question: z.string(), score: z.number() })),
  faqMinScore: z.number().nullable(),
  /** The fan memories the prompt carried (its "What you remember about this fan" section). */
  memories: z.array(z.object({ id: z.string(), kind: z.enum(fanMemoryKinds), text: z.string() })),
  /** The creator's corrections the prompt carried as examples, most similar first, with their cosine scores. */
  examples: z.array(z.object({ correctionId: z.string(), fanText: z.string(), answerText: z.string(), score: z.number() })),
  /** The knowledge passages the prompt carried, best first, with the source each came from and its scores. */
  passages: z.array(
    z.object({
      passageId: z.string(),
      sourceId: z.string(),
      sourceTitle: z.string(),
      heading: z.string().nullable(),
      text: z.string(),
      textScore: z.number(),
      vectorScore: z.number(),
      score: z.number(),
    }),
  ),
  functions: z.array(z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) })),
  tokenUsage: z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() }).nullable(),
  /** The model's own text. */
  responseText: z.string().nullable(),
  /** What was actually sent when it is not the model's plain answer, with a bracketed note on failures. */
  responseFallbackText: z.string().nullable(),
  /** `arguments` is the raw JSON text the model produced. */
  responseFunction: z.object({ name: z.string(), arguments: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminChatPromptRecord = z.infer<typeof adminChatPromptRecordOutput>;

export const adminChatPromptOutput = z.object({
  message: z.object({
    id: z.string(),
    senderType: z.enum(senderTypes),
    text: z.string(),
    createdAt: z.iso.datetime(),
    attachmentCount: z.number().int(),
    reaction: z.enum(reactions).nullable(),
    reactionFeedback: z.string().nullable(),
    /** For a twin message: the fan message it answers. */
    replyToMessageId: z.string().nullable(),
  }),
  /** For a fan message: the twin's answer to it, once there is one. */
  replyMessageId: z.string().nullable(),
  /** Null for fan messages and for twin messages sent without the model (immediate answers, starters). */
  prompt: adminChatPromptRecordOutput.nullable(),
});
export type AdminChatPromptOutput = z.infer<typeof adminChatPromptOutput>;
