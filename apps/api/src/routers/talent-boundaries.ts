// The creator's boundaries (talent.boundaries.*) and the messages that crossed them
// (talent.boundaryFlags.list): only for a talent the caller manages (talentProcedure), so another
// twin's creator is refused.
import { getBoundarySettings, listBoundaryFlags, updateBoundarySettings } from '@doppel/domain/chat';
import { boundaryFlagsInput, boundaryFlagsOutput, boundarySettings, boundarySettingsOutput } from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentBoundariesRouter = router({
  get: talentProcedure.output(boundarySettingsOutput).query(({ ctx }) => getBoundarySettings(ctx.db, ctx.talentId)),

  update: talentProcedure
    .input(boundarySettings)
    .output(boundarySettingsOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        updateBoundarySettings(tx, ctx.talentId, { blockedTopics: input.blockedTopics, contentLevel: input.contentLevel }),
      ),
    ),
});

export const talentBoundaryFlagsRouter = router({
  list: talentProcedure
    .input(boundaryFlagsInput)
    .output(boundaryFlagsOutput)
    .query(({ ctx, input }) => listBoundaryFlags(ctx.db, { talentId: ctx.talentId, cursor: input.cursor, limit: input.limit })),
});
