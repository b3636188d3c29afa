// A creator's view of what their twin remembers about each fan (talent.fanMemories.*), named by
// the fan's chat. Only chats of the talent the caller manages. `fans` pages the twin's fans with
// their notes for the dashboard's "Fan memory" settings page.
import { deleteChatMemory, listChatMemories, listTalentMemoryFans, updateChatMemory } from '@doppel/domain/chat';
import {
  fanMemoriesOutput,
  fanMemoryOutput,
  memoryDeletedOutput,
  talentFanMemoriesInput,
  talentFanMemoryInput,
  talentFanMemoryUpdateInput,
  talentMemoryFansInput,
  talentMemoryFansOutput,
} from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentFanMemoriesRouter = router({
  fans: talentProcedure
    .input(talentMemoryFansInput)
    .output(talentMemoryFansOutput)
    .query(({ ctx, input }) =>
      listTalentMemoryFans(ctx.db, ctx.user, { talentId: ctx.talentId, cursor: input.cursor, limit: input.limit }),
    ),

  list: talentProcedure
    .input(talentFanMemoriesInput)
    .output(fanMemoriesOutput)
    .query(({ ctx, input }) => listChatMemories(ctx.db, ctx.user, input.chatId, { as: 'manager', talentId: ctx.talentId })),

  update: talentProcedure
    .input(talentFanMemoryUpdateInput)
    .output(fanMemoryOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => updateChatMemory(tx, ctx.user, input, { as: 'manager', talentId: ctx.talentId })),
    ),

  delete: talentProcedure
    .input(talentFanMemoryInput)
    .output(memoryDeletedOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => deleteChatMemory(tx, ctx.user, input, { as: 'manager', talentId: ctx.talentId })),
    ),
});
