import { signInTokens } from '@doppel/db';
import {
  consumeSignInToken,
  createSession,
  DomainError,
  getMe,
  invalidateSession,
  issueSignInToken,
  signInLinkUrl,
} from '@doppel/domain';
import { meOutput, requestSignInLinkInput, signInWithLinkInput } from '@doppel/validation';
import { and, count, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { clearSessionCookie, setSessionCookie } from '../trpc/context.ts';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures.ts';

/** At most this many links per email in the window, so the form cannot be used to flood an inbox. */
const linksPerEmail = 5;
const linkWindowMs = 15 * 60 * 1000;

export const authRouter = router({
  me: publicProcedure.output(meOutput).query(({ ctx }) => ctx.user ?? null),

  requestSignInLink: publicProcedure
    .input(requestSignInLinkInput)
    .output(z.object({ sent: z.literal(true), devOutbox: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const [recent] = await ctx.db
        .select({ n: count() })
        .from(signInTokens)
        .where(and(eq(signInTokens.email, input.email), gt(signInTokens.createdAt, new Date(Date.now() - linkWindowMs))));
      if ((recent?.n ?? 0) >= linksPerEmail) {
        throw new DomainError(
          'RATE_LIMITED',
          'Too many sign-in emails for this address. Please wait a few minutes and try again.',
        );
      }
      const token = await issueSignInToken(ctx.db, input.email);
      const link = signInLinkUrl(ctx.env.PUBLIC_URL, input.email, token);
      await ctx.mailer.send({
        to: input.email,
        subject: 'Your Doppel sign-in link',
        text: `Open this link to sign in to Doppel. It works once, for 15 minutes:\n\n${link}\n\nIf you did not ask for it, ignore this email.`,
        link,
      });
      return { sent: true as const, devOutbox: ctx.mailer.kind === 'dev-outbox' };
    }),

  signInWithLink: publicProcedure
    .input(signInWithLinkInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = await ctx.db.transaction((tx) => consumeSignInToken(tx, input.email, input.token));
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
