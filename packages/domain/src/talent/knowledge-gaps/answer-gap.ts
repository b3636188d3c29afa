// talent.knowledgeGaps.answer: the creator's answer becomes an item of the twin's own FAQ, which
// the reply engine reads for the next fan (matchFaqItems), so the gap closes.
import { faqItems, faqs, recordChanges, type Transaction, talentConfigs, talents } from '@doppel/db';
import { faqItemsMax, knowledgeGapMessages } from '@doppel/validation';
import { count, eq, sql } from 'drizzle-orm';
import { createAdminFaq } from '../../admin/faqs/create-faq.ts';
import { findTalentFaqId } from '../../admin/faqs/get-faq.ts';
import { faqChanged } from '../../admin/faqs/scopes.ts';
import { DomainError } from '../../errors.ts';
import { recordTalentChange } from '../changes.ts';

export type AnswerKnowledgeGapInput = { talentId: string; question: string; answer: string };

/**
 * Appends the item to the talent's FAQ, creating that FAQ (named after the twin) when it has none,
 * and links it in talent_configs.faqId when it is not linked yet: the engine reads only the linked
 * one. The item is stored without a vector, as the admin editor stores new questions: the worker's
 * engine embeds it on the next reply, in its own vector space (OpenAI or the offline hashing).
 * The talent row is locked, so two answers at once take positions in turn.
 */
export async function answerKnowledgeGap(
  tx: Transaction,
  input: AnswerKnowledgeGapInput,
): Promise<{ faqItemId: string; faqId: string }> {
  const [talent] = await tx
    .select({ id: talents.id, name: talents.name })
    .from(talents)
    .where(eq(talents.id, input.talentId))
    .for('update')
    .limit(1);
  if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.');

  let faqId = await findTalentFaqId(tx, talent.id);
  if (!faqId) {
    faqId = (await createAdminFaq(tx, { name: `${talent.name} FAQ`, talentId: talent.id })).id;
  } else {
    const [config] = await tx.select({ faqId: talentConfigs.faqId }).from(talentConfigs).where(eq(talentConfigs.id, talent.id));
    if (config?.faqId !== faqId) {
      await tx
        .insert(talentConfigs)
        .values({ id: talent.id, faqId })
        .onConflictDoUpdate({ target: talentConfigs.id, set: { faqId } });
      await recordTalentChange(tx, talent.id, [{ entity: 'talent_configs' }]);
    }
  }

  const [stats] = await tx
    .select({ items: count(), next: sql<number>`coalesce(max(${faqItems.position}), -1)::int + 1` })
    .from(faqItems)
    .where(eq(faqItems.faqId, faqId));
  if ((stats?.items ?? 0) >= faqItemsMax) throw new DomainError('CONFLICT', knowledgeGapMessages.faqFull);

  const [item] = await tx
    .insert(faqItems)
    .values({ faqId, position: stats?.next ?? 0, question: input.question, answer: input.answer })
    .returning({ id: faqItems.id });
  if (!item) throw new Error('the FAQ item insert returned no row');
  await tx.update(faqs).set({ updatedAt: new Date() }).where(eq(faqs.id, faqId));
  await recordChanges(tx, faqChanged({ id: faqId, talentId: talent.id }, true));
  return { faqItemId: item.id, faqId };
}
