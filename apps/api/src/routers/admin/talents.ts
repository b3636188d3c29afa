// The admin back-office Talents section (docs/product-rules.md#admin-back-office): list, create, detail and settings. The detail's
// read-only tabs come from talent-tabs.ts. Use cases live in packages/domain/src/admin/talents; the
// update is the creator's and the admin's one use case, packages/domain/src/talent/update-talent.ts.
import { createAdminTalent, getAdminTalent, listAdminTalents } from '@doppel/domain/admin/talents';
import { updateTalent } from '@doppel/domain/talent';
import {
  adminTalentCreateInput,
  adminTalentCreateOutput,
  adminTalentGetInput,
  adminTalentOutput,
  adminTalentsListInput,
  adminTalentsListOutput,
  adminTalentUpdateInput,
  adminTalentUpdateOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';
import { talentTabProcedures } from './talent-tabs.ts';

export const talentsRouter = router({
  /** One page of 50 talents matching a name search (any case), by chats or newest; `nextCursor` continues. */
  list: adminProcedure
    .input(adminTalentsListInput)
    .output(adminTalentsListOutput)
    .query(({ ctx, input }) => listAdminTalents(ctx.db, input)),

  /** docs/product-rules.md#calls "Create talent (admin)": a twin with a name and a default config, no manager yet. */
  create: adminProcedure
    .meta({ audit: { record: 'talent', id: { result: 'id' } } })
    .input(adminTalentCreateInput)
    .output(adminTalentCreateOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => createAdminTalent(tx, input))),

  /** Every talent and config field for the settings form; NOT_FOUND for an unknown talent. */
  get: adminProcedure
    .input(adminTalentGetInput)
    .output(adminTalentOutput)
    .query(({ ctx, input }) => getAdminTalent(ctx.db, input.talentId)),

  /** docs/product-rules.md#calls "Update talent (admin)": every setting at once; answers the saved talent. */
  update: adminProcedure
    .meta({ audit: { record: 'talent', id: { input: 'talentId' } } })
    .input(adminTalentUpdateInput)
    .output(adminTalentUpdateOutput)
    .mutation(({ ctx, input }) =>
      ctx.write(async (tx) => {
        await updateTalent(tx, ctx.storage, ctx.images, input.talentId, { by: 'admin', changes: input });
        return getAdminTalent(tx, input.talentId);
      }),
    ),

  ...talentTabProcedures,
});
