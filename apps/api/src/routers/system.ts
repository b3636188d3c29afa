import { getSystemInfo, listDevOutbox } from '@doppel/domain/system';
import { reportErrorInput } from '@doppel/validation';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc/procedures.ts';

export const systemRouter = router({
  /** What the shell needs before anything else: versions for the update banner, dev tools. */
  info: publicProcedure
    .output(z.object({ version: z.string(), minTalentVersion: z.string().nullable(), devOutbox: z.boolean() }))
    .query(({ ctx }) => getSystemInfo(ctx.db, ctx.env.APP_VERSION, ctx.mailer)),

  /** The web app's shared error handler reports here; the log line carries the call path. */
  reportError: publicProcedure
    .input(reportErrorInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => {
      ctx.req.log.warn({ clientError: input, userId: ctx.user?.id }, `client error at ${input.path}: ${input.message}`);
      return { ok: true as const };
    }),
});

const outboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});

export const devRouter = router({
  /** The development outbox: emails that would have been sent, when no SMTP server is set. */
  outbox: publicProcedure.output(z.array(outboxEmail)).query(({ ctx }) => listDevOutbox(ctx.db, ctx.mailer)),
});
