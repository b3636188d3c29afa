// The creator's Conversations (talent.conversations.*): their twin's chats and one chat in full.
// talentProcedure checks the caller manages `talentId`; the domain checks every chat id belongs
// to that talent (object-level), answering NOT_FOUND for another twin's chat.
import { getConversation, listConversations } from '@doppel/domain';
import {
  conversationDetailOutput,
  conversationGetInput,
  conversationsListInput,
  conversationsListOutput,
} from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentConversationsRouter = router({
  /** Newest activity first, one filter and an optional search in message text; `nextCursor` continues. */
  list: talentProcedure
    .input(conversationsListInput)
    .output(conversationsListOutput)
    .query(({ ctx, input }) =>
      listConversations(ctx.db, ctx.user, {
        talentId: ctx.talentId,
        filter: input.filter,
        search: input.search,
        cursor: input.cursor,
        limit: input.limit,
      }),
    ),

  /** The chat's messages with reactions and boundary flags, the fan's memory, the credits spent. */
  get: talentProcedure
    .input(conversationGetInput)
    .output(conversationDetailOutput)
    .query(({ ctx, input }) => getConversation(ctx.db, ctx.user, { talentId: ctx.talentId, chatId: input.chatId })),
});
