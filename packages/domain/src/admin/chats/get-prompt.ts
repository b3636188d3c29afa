// The admin message dialog (docs/product-rules.md#admin-back-office): one message of a chat and, for a twin message answered by
// the model, its ChatPrompt: what was sent (Input tab) and what came back (Output tab).
import { chatMessages, chatPrompts, type Executor } from '@doppel/db';
import type { AdminChatPromptInput, AdminChatPromptOutput } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { findReply } from '../../chat/reply/load.ts';
import { DomainError } from '../../errors.ts';

/**
 * `admin.chats.prompt`. `prompt` is null for fan messages and for twin messages sent without the
 * model (out-of-credits answers, static starter answers, welcome and broadcast messages).
 */
export async function getAdminChatPrompt(db: Executor, input: AdminChatPromptInput): Promise<AdminChatPromptOutput> {
  const [row] = await db
    .select({ message: chatMessages, prompt: chatPrompts })
    .from(chatMessages)
    .leftJoin(chatPrompts, eq(chatPrompts.id, chatMessages.id))
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.chatId, input.chatId)))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'This message does not exist in this chat.');
  const { message, prompt } = row;

  const replyMessageId = message.senderType === 'USER' ? ((await findReply(db, message.id)) ?? null) : null;

  return {
    message: {
      id: message.id,
      senderType: message.senderType,
      text: message.text,
      createdAt: message.createdAt.toISOString(),
      attachmentCount: message.attachments.length,
      reaction: message.reaction,
      reactionFeedback: message.reactionFeedback,
      replyToMessageId: message.replyToMessageId,
    },
    replyMessageId,
    prompt: prompt
      ? {
          llmType: prompt.llmType,
          llmFineTunedModelId: prompt.llmFineTunedModelId,
          llmTemperature: prompt.llmTemperature,
          messages: prompt.messages,
          faqItems: prompt.faqItems,
          faqMinScore: prompt.faqMinScore,
          memories: prompt.memories,
          examples: prompt.examples,
          passages: prompt.passages,
          functions: prompt.functions,
          tokenUsage: prompt.tokenUsage,
          responseText: prompt.responseText,
          responseFallbackText: prompt.responseFallbackText,
          responseFunction: prompt.responseFunction,
          createdAt: prompt.createdAt.toISOString(),
        }
      : null,
  };
}
