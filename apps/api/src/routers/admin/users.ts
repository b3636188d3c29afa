// The admin back-office Users section (docs/product-rules.md#admin-back-office, #waitlist, #roles-and-permissions, #calls): the filtered list, one user, and the
// editor. Use cases live in packages/domain/src/admin/users.
import { getAdminUser, listAdminUsers, updateAdminUser } from '@doppel/domain/admin/users';
import {
  adminUserDetailOutput,
  adminUserGetInput,
  adminUsersListInput,
  adminUsersListOutput,
  adminUserUpdateInput,
  adminUserUpdateOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const usersRouter = router({
  /** One page of 50 users for a filter and an email prefix, newest first; `nextCursor` continues. */
  list: adminProcedure
    .input(adminUsersListInput)
    .output(adminUsersListOutput)
    .query(({ ctx, input }) => listAdminUsers(ctx.db, input)),

  /** The user with the talents they manage; NOT_FOUND for an unknown user. */
  get: adminProcedure
    .input(adminUserGetInput)
    .output(adminUserDetailOutput)
    .query(({ ctx, input }) => getAdminUser(ctx.db, input.userId)),

  /**
   * Saves name, email, role, free credits and waitlist status. Accepting a user sends the
   * "You're in!" email after the commit; a failed send does not undo the save and is reported.
   */
  update: adminProcedure
    .meta({ audit: { record: 'user', id: { input: 'id' } } })
    .input(adminUserUpdateInput)
    .output(adminUserUpdateOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, acceptanceEmail } = await ctx.write((tx) =>
        updateAdminUser(tx, input, { actorId: ctx.user.id, publicUrl: ctx.env.PUBLIC_URL }),
      );
      if (!acceptanceEmail) return { user, acceptanceEmail: 'none' as const };
      try {
        await ctx.mailer.send(acceptanceEmail);
        return { user, acceptanceEmail: 'sent' as const };
      } catch (error) {
        ctx.req.log.error({ err: error, userId: user.id }, 'admin.users.update: the acceptance email could not be sent');
        return { user, acceptanceEmail: 'failed' as const };
      }
    }),
});
