// The admin talent detail's Managers tab (docs/product-rules.md#admin-back-office, #roles-and-permissions, #calls): managers and invitations of one talent.
// Use cases live in packages/domain/src/admin/managers; invitations take effect at sign-in.
import {
  inviteTalentManager,
  listTalentManagers,
  removeTalentInvitation,
  removeTalentManager,
} from '@doppel/domain/admin/managers';
import {
  adminInvitationRemoveInput,
  adminManagerInviteInput,
  adminManagerInviteOutput,
  adminManagerRemoveInput,
  adminManagerRemoveOutput,
  adminManagersListInput,
  adminManagersListOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const managersRouter = router({
  /** The talent's managers (oldest first) and invitations (newest first); NOT_FOUND for an unknown talent. */
  list: adminProcedure
    .input(adminManagersListInput)
    .output(adminManagersListOutput)
    .query(({ ctx, input }) => listTalentManagers(ctx.db, input.talentId)),

  /** Invites an email: an existing account becomes a manager at once, any other on signing in. */
  invite: adminProcedure
    .meta({ audit: { record: 'talentManagers', id: { input: 'talentId' } } })
    .input(adminManagerInviteInput)
    .output(adminManagerInviteOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => inviteTalentManager(tx, input, { invitedByUserId: ctx.user.id }))),

  /** The user stops managing the talent; NOT_FOUND when they do not manage it. */
  removeManager: adminProcedure
    .meta({ audit: { record: 'talentManagers', id: { input: 'talentId' } } })
    .input(adminManagerRemoveInput)
    .output(adminManagerRemoveOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => removeTalentManager(tx, input));
      return { ok: true as const };
    }),

  /** Deletes an invitation of the talent; NOT_FOUND for an unknown one. */
  removeInvitation: adminProcedure
    .meta({ audit: { record: 'talentManagers', id: { input: 'talentId' } } })
    .input(adminInvitationRemoveInput)
    .output(adminManagerRemoveOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => removeTalentInvitation(tx, input));
      return { ok: true as const };
    }),
});
