// The admin chat view's "Fan memory" panel (admin.chats.memories.*): what the twin remembers about
// the chat's fan, to read, correct or delete.
import { deleteChatMemory, listChatMemories, updateChatMemory } from '@doppel/domain/chat';
import {
  chatMemoriesInput,
  chatMemoryInput,
  chatMemoryUpdateInput,
  fanMemoriesOutput,
  fanMemoryOutput,
  memoryDeletedOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

const asAdmin = { as: 'admin' } as const;

export const adminChatMemoriesRouter = router({
  list: adminProcedure
    .input(chatMemoriesInput)
    .output(fanMemoriesOutput)
    .query(({ ctx, input }) => listChatMemories(ctx.db, ctx.user, input.chatId, asAdmin)),

  update: adminProcedure
    .meta({ audit: { record: 'chatMemories', id: { input: 'chatId' } } })
    .input(chatMemoryUpdateInput)
    .output(fanMemoryOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => updateChatMemory(tx, ctx.user, input, asAdmin))),

  delete: adminProcedure
    .meta({ audit: { record: 'chatMemories', id: { input: 'chatId' } } })
    .input(chatMemoryInput)
    .output(memoryDeletedOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => deleteChatMemory(tx, ctx.user, input, asAdmin))),
});
