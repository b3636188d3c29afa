// "Correct" on the creator's Twin quality card (talent.quality.correct, docs/quality.md): the
// creator writes the right answer to a question their twin answered weakly. It is kept like a chat
// correction (keepCorrection): an example on the twin's model for its next version, and a
// talent_corrections row the reply path embeds and matches against the next similar fan message.
// One correction per case: correcting it again replaces the earlier one.
import { qualityCases, type Transaction } from '@doppel/db';
import { and, eq } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import { keepCorrection } from '../talent/reply-approval/corrections.ts';

export async function correctQualityAnswer(
  tx: Transaction,
  viewer: Viewer,
  input: { talentId: string; caseId: string; text: string },
): Promise<{ correctionId: string; text: string }> {
  if (!managesTalent(viewer, input.talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
  const [found] = await tx
    .select({ id: qualityCases.id, question: qualityCases.question })
    .from(qualityCases)
    .where(and(eq(qualityCases.id, input.caseId), eq(qualityCases.talentId, input.talentId)));
  if (!found) throw new DomainError('NOT_FOUND', 'This question is no longer in your twin’s check.');
  const kept = await keepCorrection(tx, {
    talentId: input.talentId,
    qualityCaseId: found.id,
    source: 'QUALITY_CHECK',
    fanText: found.question,
    answerText: input.text,
  });
  if (!kept) throw new DomainError('INVALID', 'Write the right answer.', { text: ['Write the right answer'] });
  return { correctionId: kept.id, text: input.text };
}
