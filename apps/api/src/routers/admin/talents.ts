// The admin back-office Talents section (spec 2.5): list, create, detail and settings. The detail's
// read-only tabs come from talent-tabs.ts. Use cases live in packages/domain/src/admin/talents.
import { createAdminTalent, getAdminTalent, listAdminTalents, updateAdminTalent } from '@doppel/domain';
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

  /** Spec 7 "Create talent (admin)": a twin with a name and a default config, no manager yet. */
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

  /** Spec 7 "Update talent (admin)": every setting at once; answers the saved talent. */
  update: adminProcedure
    .meta({ audit: { record: 'talent', id: { input: 'talentId' } } })
    .input(adminTalentUpdateInput)
    .output(adminTalentUpdateOutput)
    .mutation(({ ctx, input }) =>
      ctx.write(async (tx) => {
        await updateAdminTalent(tx, ctx.storage, ctx.images, input);
        return getAdminTalent(tx, input.talentId);
      }),
    ),

  ...talentTabProcedures,
});
