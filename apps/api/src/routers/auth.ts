import { invalidateSession, issueSignInToken, signInLinkUrl, signInWithLinkToken, switchSession } from '@doppel/domain/auth';
import { DomainError } from '@doppel/domain/errors';
import { signInLinkEmail } from '@doppel/domain/mail';
import { getMe } from '@doppel/domain/users';
import { meOutput, requestSignInLinkInput, signInWithLinkInput } from '@doppel/validation';
import { z } from 'zod';
import { configuredProviders } from '../http/oauth-providers.ts';
import { aloneInRequest } from '../trpc/alone-in-request.ts';
import { clearSessionCookie, setSessionCookie } from '../trpc/context.ts';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures.ts';

export const authRouter = router({
  me: publicProcedure.output(meOutput).query(({ ctx }) => ctx.user ?? null),

  /** Which sign-in providers this deployment has settings for; the sign-in page explains the others. */
  providers: publicProcedure
    .output(z.object({ google: z.boolean(), apple: z.boolean() }))
    .query(({ ctx }) => configuredProviders(ctx.env)),

  requestSignInLink: publicProcedure
    // Each call sends an email: one request carries one, so the limits below count every email.
    .use(aloneInRequest)
    .input(requestSignInLinkInput)
    .output(z.object({ sent: z.literal(true), devOutbox: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      // Limits per email and per requesting address, held under concurrency: see signInLinkLimits.
      // The anonymous fan asking is recorded: only they merge into the account (signInWithLink).
      const anonymousUserId = ctx.user?.isAnonymous ? ctx.user.id : undefined;
      const token = await ctx.write((tx) => issueSignInToken(tx, input.email, { ip: ctx.req.ip, anonymousUserId }));
      const link = signInLinkUrl(ctx.env.PUBLIC_URL, input.email, token, input.next);
      await ctx.mailer.send(signInLinkEmail(input.email, link));
      return { sent: true as const, devOutbox: ctx.mailer.kind === 'dev-outbox' };
    }),

  signInWithLink: publicProcedure
    .input(signInWithLinkInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      // An anonymous fan who signs in keeps their chats and free credits, but only with a link
      // their own browser asked for (docs/chat-engine.md); anyone else's link merges nothing.
      const anonymousUserId = ctx.user?.isAnonymous ? ctx.user.id : undefined;
      const { userId, cookie } = await ctx.write(async (tx) => {
        const userId = await signInWithLinkToken(tx, { email: input.email, token: input.token, anonymousUserId });
        return { userId, cookie: await switchSession(tx, userId, ctx.session?.id) };
      });
      setSessionCookie(ctx.res, ctx.env, cookie);
      const me = await getMe(ctx.db, userId);
      if (!me) throw new DomainError('NOT_FOUND', 'The account no longer exists.');
      return me;
    }),

  signOut: authedProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await invalidateSession(ctx.db, ctx.session.id);
    // Live streams opened under the session end with it (other processes notice at their re-check).
    ctx.liveStreams.endSession(ctx.session.id);
    clearSessionCookie(ctx.res);
    return { ok: true as const };
  }),
});
