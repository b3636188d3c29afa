import { listVoices, setVoice } from '@doppel/domain/talent';
import { setVoiceInput, voiceListOutput, voiceOptionOutput } from '@doppel/validation';
import { z } from 'zod';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentVoiceRouter = router({
  /** "No voice", then the catalogue voices of the twin's gender. */
  list: talentProcedure.output(voiceListOutput).query(({ ctx }) => listVoices(ctx.db, ctx.talentId)),

  /** docs/product-rules.md#calls "Set talent voice": one of the listed ids ('' for no voice); answers the voice now set. */
  set: talentProcedure
    .input(setVoiceInput)
    .output(z.object({ voice: voiceOptionOutput.nullable() }))
    .mutation(async ({ ctx, input }) => {
      const voice = await ctx.write((tx) => setVoice(tx, ctx.talentId, input.voiceId));
      return { voice };
    }),
});
