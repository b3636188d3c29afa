// Signing in from the chat framed on a creator's site (chat.embedSignIn.*, docs/embed.md): the frame's
// anonymous session starts it; the person's signed-in account, in a tab of its own, reads what it
// would sign in and confirms.
import { confirmEmbedSignIn, describeEmbedSignIn, startEmbedSignIn } from '@doppel/domain/chat';
import {
  embedSignInConfirmOutput,
  embedSignInDescribeOutput,
  embedSignInStartInput,
  embedSignInStartOutput,
  embedSignInTokenInput,
} from '@doppel/validation';
import { accountProcedure, authedProcedure, router } from '../trpc/procedures.ts';

export const chatEmbedSignInRouter = router({
  start: authedProcedure
    .input(embedSignInStartInput)
    .output(embedSignInStartOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => startEmbedSignIn(tx, { sessionId: ctx.session.id, viewer: ctx.user, talentTag: input.talentTag })),
    ),

  // A read, but the token is a secret: sent in a POST body, never in a query string that logs keep.
  describe: accountProcedure
    .input(embedSignInTokenInput)
    .output(embedSignInDescribeOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => describeEmbedSignIn(tx, input))),

  confirm: accountProcedure
    .input(embedSignInTokenInput)
    .output(embedSignInConfirmOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => confirmEmbedSignIn(tx, { accountUserId: ctx.user.id, token: input.token }))),
});
