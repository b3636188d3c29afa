// "What {twin} remembers about you": the fan reads and deletes what their twin learnt about them
// (chat.memories.*). Only the chat's own fan; anyone else gets NOT_FOUND, as for the chat.
import { clearChatMemories, deleteChatMemory, listChatMemories } from '@doppel/domain/chat';
import { chatMemoriesInput, chatMemoryInput, fanMemoriesOutput, memoryDeletedOutput } from '@doppel/validation';
import { authedProcedure, router } from '../trpc/procedures.ts';

const asFan = { as: 'fan' } as const;

export const chatMemoriesRouter = router({
  /** Newest first. */
  list: authedProcedure
    .input(chatMemoriesInput)
    .output(fanMemoriesOutput)
    .query(({ ctx, input }) => listChatMemories(ctx.db, ctx.user, input.chatId, asFan)),

  delete: authedProcedure
    .input(chatMemoryInput)
    .output(memoryDeletedOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => deleteChatMemory(tx, ctx.user, input, asFan))),

  /** "Forget everything": every memory the twin keeps about this fan. */
  clear: authedProcedure
    .input(chatMemoriesInput)
    .output(memoryDeletedOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => clearChatMemories(tx, ctx.user, input.chatId, asFan))),
});
