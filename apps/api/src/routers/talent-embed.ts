// The twin on the creator's own site (talent.embed.*): the sites allowed to frame its chat. Only
// for a talent the caller manages (talentProcedure), so another twin's creator is refused.
import { getEmbedSettings, updateEmbedSettings } from '@doppel/domain/talent';
import { embedSettingsInput, embedSettingsOutput } from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentEmbedRouter = router({
  get: talentProcedure.output(embedSettingsOutput).query(({ ctx }) => getEmbedSettings(ctx.db, ctx.talentId)),

  update: talentProcedure
    .input(embedSettingsInput)
    .output(embedSettingsOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => updateEmbedSettings(tx, ctx.talentId, input.origins))),
});
