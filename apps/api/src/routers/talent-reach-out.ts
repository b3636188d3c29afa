// The creator's Settings → Reach out (talent.reachOut.*, docs/reach-out.md): only for a talent the
// caller manages (talentProcedure).
import { getReachOutSettings, updateReachOutTrigger } from '@doppel/domain/reach-out';
import { reachOutSettingsOutput, reachOutTriggerForm } from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentReachOutRouter = router({
  get: talentProcedure.output(reachOutSettingsOutput).query(({ ctx }) => getReachOutSettings(ctx.db, ctx.talentId)),

  update: talentProcedure
    .input(reachOutTriggerForm)
    .output(reachOutSettingsOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => updateReachOutTrigger(tx, ctx.talentId, input, ctx.now()))),
});
