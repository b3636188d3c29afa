// The creator dashboard's "Chat with your AI": a manager asks for a single-use link (five minutes)
// that signs them in to the fan messenger of their twin, in this or another browser.
import { switchSession } from '@doppel/domain/auth';
import { consumeChatToken, issueChatToken } from '@doppel/domain/chat';
import { DomainError } from '@doppel/domain/errors';
import { getMe } from '@doppel/domain/users';
import { chatTokenCreateOutput, chatTokenSignInInput, chatTokenSignInOutput } from '@doppel/validation';
import { setSessionCookie } from '../trpc/context.ts';
import { publicProcedure, router, talentProcedure } from '../trpc/procedures.ts';

export const talentChatTokensRouter = router({
  createToken: talentProcedure.output(chatTokenCreateOutput).mutation(async ({ ctx }) => {
    const { path } = await issueChatToken(ctx.db, { userId: ctx.user.id, talentId: ctx.talentId });
    return { url: path };
  }),

  signIn: publicProcedure
    .input(chatTokenSignInInput)
    .output(chatTokenSignInOutput)
    .mutation(async ({ ctx, input }) => {
      // Never merges this browser's anonymous fan: a signed-in manager made the link, so no anonymous
      // fan asked for it, and someone who opens a link sent to them must not hand their chats to its
      // owner. Their chats stay with their anonymous fan (docs/chat-engine.md).
      // A browser already signed in as that manager (the usual case: the dashboard's own tab) keeps
      // its session. Switching it would end the session its other requests still carry, and any of
      // them answered after the switch clears the cookie as stale: the new one with it.
      const { userId, path, cookie } = await ctx.write(async (tx) => {
        const { userId, path } = await consumeChatToken(tx, input.token);
        const alreadySignedIn = ctx.session?.userId === userId;
        return { userId, path, cookie: alreadySignedIn ? undefined : await switchSession(tx, userId, ctx.session?.id) };
      });
      if (cookie) setSessionCookie(ctx.res, ctx.env, cookie);
      const me = await getMe(ctx.db, userId);
      if (!me) throw new DomainError('NOT_FOUND', 'The account no longer exists.');
      return { me, url: path };
    }),
});
