// The creator's knowledge-gap inbox (talent.knowledgeGaps.*): fan questions the FAQ did not cover,
// grouped, the creator's answer added to the twin's FAQ, and a question dismissed for good. talentProcedure refuses another
// twin's talentId on every call; the use cases only read and write that talent's rows.
import { answerKnowledgeGap, dismissKnowledgeGap, listKnowledgeGaps } from '@doppel/domain/talent';
import { hashedEmbedding } from '@doppel/integrations';
import {
  knowledgeGapAnswerInput,
  knowledgeGapAnswerOutput,
  knowledgeGapDismissInput,
  knowledgeGapDismissOutput,
  knowledgeGapsInput,
  knowledgeGapsOutput,
} from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

// Local hashed vectors: grouping and re-matching cost no provider call (see listKnowledgeGaps).
const embed = (texts: string[]) => texts.map((text) => hashedEmbedding(text));

export const talentKnowledgeGapsRouter = router({
  list: talentProcedure
    .input(knowledgeGapsInput)
    .output(knowledgeGapsOutput)
    .query(({ ctx }) => listKnowledgeGaps(ctx.db, embed, { talentId: ctx.talentId })),

  answer: talentProcedure
    .input(knowledgeGapAnswerInput)
    .output(knowledgeGapAnswerOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => answerKnowledgeGap(tx, { talentId: ctx.talentId, question: input.question, answer: input.answer })),
    ),

  dismiss: talentProcedure
    .input(knowledgeGapDismissInput)
    .output(knowledgeGapDismissOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => dismissKnowledgeGap(tx, { talentId: ctx.talentId, question: input.question })),
    ),
});
