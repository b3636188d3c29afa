// The admin back-office Reactions section (docs/product-rules.md#admin-back-office): rated twin messages and one in its chat. Use
// cases live in packages/domain/src/admin/reactions.
import { getAdminReaction, listAdminReactions } from '@doppel/domain/admin/reactions';
import {
  adminReactionGetInput,
  adminReactionGetOutput,
  adminReactionsListInput,
  adminReactionsListOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const reactionsRouter = router({
  /** One page of 50 rated messages, newest first, thumbs down by default; `nextCursor` continues. */
  list: adminProcedure
    .input(adminReactionsListInput)
    .output(adminReactionsListOutput)
    .query(({ ctx, input }) => listAdminReactions(ctx.db, input)),

  /** The message with the messages around it, the feedback and its prompt record; NOT_FOUND if not in that chat. */
  get: adminProcedure
    .input(adminReactionGetInput)
    .output(adminReactionGetOutput)
    .query(({ ctx, input }) => getAdminReaction(ctx.db, input)),
});
