import {
  assertSignInLinkAllowed,
  consumeSignInToken,
  createSession,
  DomainError,
  getMe,
  invalidateSession,
  issueSignInToken,
  mergeAnonymousUser,
  signInLinkEmail,
  signInLinkUrl,
} from '@doppel/domain';
import { meOutput, requestSignInLinkInput, signInWithLinkInput } from '@doppel/validation';
import { z } from 'zod';
import { configuredProviders } from '../http/oauth-providers.ts';
import { clearSessionCookie, setSessionCookie } from '../trpc/context.ts';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures.ts';

export const authRouter = router({
  me: publicProcedure.output(meOutput).query(({ ctx }) => ctx.user ?? null),

  /** Which sign-in providers this deployment has settings for; the sign-in page explains the others. */
  providers: publicProcedure
    .output(z.object({ google: z.boolean(), apple: z.boolean() }))
    .query(({ ctx }) => configuredProviders(ctx.env)),

  requestSignInLink: publicProcedure
    .input(requestSignInLinkInput)
    .output(z.object({ sent: z.literal(true), devOutbox: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      // Limits per email and per requesting address: see signInLinkLimits in the domain.
      await assertSignInLinkAllowed(ctx.db, input.email, ctx.req.ip);
      const token = await issueSignInToken(ctx.db, input.email, { ip: ctx.req.ip });
      await ctx.mailer.send(signInLinkEmail(input.email, signInLinkUrl(ctx.env.PUBLIC_URL, input.email, token)));
      return { sent: true as const, devOutbox: ctx.mailer.kind === 'dev-outbox' };
    }),

  signInWithLink: publicProcedure
    .input(signInWithLinkInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = await ctx.write(async (tx) => {
        const id = await consumeSignInToken(tx, input.email, input.token);
        // An anonymous fan who signs in keeps their chats and free credits (docs/chat-engine.md).
        if (ctx.user?.isAnonymous) await mergeAnonymousUser(tx, ctx.user.id, id);
        return id;
      });
      if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
      const { session, token } = await createSession(ctx.db, userId);
      setSessionCookie(ctx, token, session.absoluteExpiresAt);
      const me = await getMe(ctx.db, userId);
      if (!me) throw new DomainError('NOT_FOUND', 'The account no longer exists.');
      return me;
    }),

  signOut: authedProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await invalidateSession(ctx.db, ctx.session.id);
    clearSessionCookie(ctx.res);
    return { ok: true as const };
  }),
});
