// The creator's Conversations (talent.conversations.*): their twin's chats and one chat in full.
// talentProcedure checks the caller manages `talentId`; the domain checks every chat id belongs
// to that talent (object-level), answering NOT_FOUND for another twin's chat.
import {
  getConversation,
  handBackChat,
  listConversations,
  sendAsCreator,
  setChatReplyApproval,
  takeOverChat,
} from '@doppel/domain/talent';
import {
  chatReplyApprovalInput,
  chatReplyApprovalOutput,
  conversationDetailOutput,
  conversationGetInput,
  conversationSendInput,
  conversationSendOutput,
  conversationsListInput,
  conversationsListOutput,
  conversationTakeoverInput,
  conversationTakeoverOutput,
} from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';
import { chatReplyQueue } from './chat.ts';

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
    .query(({ ctx, input }) =>
      getConversation(ctx.db, ctx.user, { talentId: ctx.talentId, chatId: input.chatId, messageLimit: input.messageLimit }),
    ),

  /** Takeover: the twin stops answering in this chat until `handBack` (docs/creator-dashboard.md). */
  takeOver: talentProcedure
    .input(conversationTakeoverInput)
    .output(conversationTakeoverOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => takeOverChat(tx, ctx.user, { talentId: ctx.talentId, chatId: input.chatId })),
    ),

  /** The twin answers again; the fan's message still waiting gets its reply. */
  handBack: talentProcedure
    .input(conversationTakeoverInput)
    .output(conversationTakeoverOutput)
    .mutation(async ({ ctx, input }) => {
      const replies = chatReplyQueue(ctx.jobs);
      const result = await ctx.write((tx) =>
        handBackChat(tx, ctx.user, { talentId: ctx.talentId, chatId: input.chatId }, { replies }),
      );
      return { takenOverAt: result.takenOverAt };
    }),

  /** The creator writes in a chat they took over; the fan sees it as the twin's message. */
  send: talentProcedure
    .input(conversationSendInput)
    .output(conversationSendOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => sendAsCreator(tx, ctx.user, { talentId: ctx.talentId, chatId: input.chatId, text: input.text })),
    ),

  /** This fan's approval mode: follow the twin's setting, or always / never hold their replies. */
  setReplyApproval: talentProcedure
    .input(chatReplyApprovalInput)
    .output(chatReplyApprovalOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => setChatReplyApproval(tx, ctx.user, { talentId: ctx.talentId, chatId: input.chatId, mode: input.mode })),
    ),
});
