// The creator dashboard's "Twin quality" card (talent.quality.*, docs/quality.md): the latest score
// of the twin's current setup, the trend of its last runs, its weakest answers, and Correct: the
// creator's right answer to one, kept as a correction that trains the twin.
import { z } from 'zod';
import { qualityCategories } from '../admin/quality-labels.ts';

const score = z.number().min(0).max(1);

/** Runs shown in the card's trend, oldest first. */
export const qualityTrendLength = 10;
/** Weak answers the card offers to correct. */
export const qualityWeakestCount = 3;

export const talentQualityOutput = z.object({
  latest: z.object({ runId: z.string(), overallScore: score, finishedAt: z.iso.datetime().nullable() }).nullable(),
  /** A check of the current setup is queued or running now. */
  checking: z.boolean(),
  trend: z.array(z.object({ runId: z.string(), finishedAt: z.iso.datetime().nullable(), score })),
  weakest: z.array(
    z.object({
      caseId: z.string(),
      category: z.enum(qualityCategories),
      question: z.string(),
      answer: z.string(),
      expected: z.string(),
      reason: z.string(),
      score,
      /** The creator's correction of this case, if they made one. */
      correction: z.string().nullable(),
    }),
  ),
});
export type TalentQualityOutput = z.infer<typeof talentQualityOutput>;

export const qualityCorrectInput = z.object({
  caseId: z.string().trim().min(1, 'Case ID is not defined').max(100, 'Case ID is too long.'),
  text: z.string().trim().min(1, 'Write the right answer').max(4000, 'At most 4000 characters'),
});
export const qualityCorrectOutput = z.object({ correctionId: z.string(), text: z.string() });
