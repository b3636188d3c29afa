import { joinWaitlist } from '@doppel/domain/waitlist';
import { joinWaitlistInput, waitlistStatuses } from '@doppel/validation';
import { z } from 'zod';
import { accountProcedure, router } from '../trpc/procedures.ts';

export const waitlistRouter = router({
  /**
   * docs/product-rules.md#waitlist: platform and handle; the status becomes PENDING unless an admin already decided. Only a person
   * with an account may ask to become a creator: an anonymous fan's session exists only to chat.
   */
  join: accountProcedure
    .input(joinWaitlistInput)
    .output(z.object({ waitlistStatus: z.enum(waitlistStatuses) }))
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.write((tx) => joinWaitlist(tx, ctx.user.id, input));
      return result;
    }),
});
