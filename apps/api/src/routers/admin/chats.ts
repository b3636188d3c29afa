// The admin back-office Chats screens (docs/product-rules.md#admin-back-office): the chat list with its filters and sorts, a
// chat's header, and one message's prompt record. The messages themselves come from chat.messages,
// which admins may read. Queries live in packages/domain/src/admin/chats.
import { getAdminChat, getAdminChatPrompt, listAdminChats } from '@doppel/domain/admin/chats';
import {
  adminChatGetInput,
  adminChatGetOutput,
  adminChatPromptInput,
  adminChatPromptOutput,
  adminChatsListInput,
  adminChatsListOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';
import { adminChatMemoriesRouter } from './chat-memories.ts';

export const chatsRouter = router({
  /** One page of 50 chats for a flag filter and a descending sort; `nextCursor` continues. */
  list: adminProcedure
    .input(adminChatsListInput)
    .output(adminChatsListOutput)
    .query(({ ctx, input }) => listAdminChats(ctx.db, input)),

  /** The chat with its twin, fan and flags; NOT_FOUND for an unknown chat. */
  get: adminProcedure
    .input(adminChatGetInput)
    .output(adminChatGetOutput)
    .query(({ ctx, input }) => getAdminChat(ctx.db, input.chatId)),

  /** A message and its ChatPrompt (null when the message was not written by the model). */
  prompt: adminProcedure
    .input(adminChatPromptInput)
    .output(adminChatPromptOutput)
    .query(({ ctx, input }) => getAdminChatPrompt(ctx.db, input)),

  /** What the twin remembers about the chat's fan: read, edit, delete. */
  memories: adminChatMemoriesRouter,
});
