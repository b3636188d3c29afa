// The creator's "Twin quality" card (talent.quality.*, docs/quality.md): the latest score, trend
// and weakest answers of the twin's current setup, and Correct, which keeps the creator's right
// answer as a correction. talentProcedure refuses another twin's talentId; the use cases check the
// case belongs to that twin.
import { correctQualityAnswer, getTalentQuality } from '@doppel/domain/quality';
import { qualityCorrectInput, qualityCorrectOutput, talentQualityOutput } from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentQualityRouter = router({
  get: talentProcedure.output(talentQualityOutput).query(({ ctx }) => getTalentQuality(ctx.db, ctx.user, ctx.talentId)),

  correct: talentProcedure
    .input(qualityCorrectInput)
    .output(qualityCorrectOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => correctQualityAnswer(tx, ctx.user, { talentId: ctx.talentId, caseId: input.caseId, text: input.text })),
    ),
});
