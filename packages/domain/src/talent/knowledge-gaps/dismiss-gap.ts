// talent.knowledgeGaps.dismiss: the creator says a question is not one for the FAQ; the inbox
// hides it, and questions like it, from then on (listKnowledgeGaps reads the dismissals).
import { type Executor, knowledgeGapDismissals, recordChanges } from '@doppel/db';
import { normaliseQuestion } from './group.ts';

export type DismissKnowledgeGapInput = { talentId: string; question: string };

/**
 * Stores the group's question for the talent. Dismissing the same wording again changes nothing
 * (one row per talent and normalised wording). The change reaches the creator's other screens on
 * `talent:{id}`, which refetch the list (and the home's count of open questions).
 */
export async function dismissKnowledgeGap(tx: Executor, input: DismissKnowledgeGapInput): Promise<{ dismissed: true }> {
  const question = input.question.trim();
  const [row] = await tx
    .insert(knowledgeGapDismissals)
    .values({ talentId: input.talentId, question, questionKey: normaliseQuestion(question) })
    .onConflictDoNothing()
    .returning({ id: knowledgeGapDismissals.id });
  if (row) {
    await recordChanges(tx, [{ entity: 'knowledge_gap_dismissals', rowId: row.id, scopes: [`talent:${input.talentId}`] }]);
  }
  return { dismissed: true };
}
