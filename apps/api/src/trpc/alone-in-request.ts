import { TRPCError } from '@trpc/server';
import { t } from './init.ts';

export const aloneInRequestMessage = 'This call must be sent on its own, not in a batch with other calls.';

/**
 * Refuses the call when its HTTP request carries other calls too (a tRPC batch). For calls whose
 * limits are counted per call and that cost something outside (an email), so one request cannot
 * fan out into many of them at once. The web client sends such calls unbatched.
 */
export const aloneInRequest = t.middleware(({ ctx, next }) => {
  if (ctx.callsInRequest > 1) throw new TRPCError({ code: 'BAD_REQUEST', message: aloneInRequestMessage });
  return next();
});
