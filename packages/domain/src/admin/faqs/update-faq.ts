// docs/product-rules.md#calls "Update FAQ": the name and the whole list of items, replaced in the given order.
import { faqItems, faqs, recordChanges, type Transaction } from '@doppel/db';
import type { AdminFaqView, FaqItemInput } from '@doppel/validation';
import { and, eq, lt, sql } from 'drizzle-orm';
import { faqNotFound, findAdminFaq } from './get-faq.ts';
import { faqChanged } from './scopes.ts';

export type UpdateAdminFaqInput = { id: string; name: string; items: FaqItemInput[] };

/**
 * `admin.faqs.update`. The items are replaced; an item whose question text is unchanged (matched by
 * text, so a reordered question keeps its vector too) keeps its stored embedding, and a new or
 * edited question is stored without one. The reply engine embeds questions without a vector on the
 * next reply and stores them; its in-memory QuestionVectors cache is keyed by the question text
 * itself, so an edited question is never ranked with the old question's vector.
 *
 * The old rows move to negative positions first (positions are unique per FAQ), the new rows copy
 * the vector of an old row with the same question inside the database (an OpenAI vector is 1,536
 * numbers: no reason to ship them out and back), then the old rows go. Input is checked by
 * adminFaqUpdateInput before this runs; the FAQ row is locked so concurrent saves apply in turn.
 * Answers the saved FAQ, so the editor shows what is stored without another read.
 */
export async function updateAdminFaq(tx: Transaction, input: UpdateAdminFaqInput): Promise<AdminFaqView> {
  const [faq] = await tx.select({ id: faqs.id, talentId: faqs.talentId }).from(faqs).where(eq(faqs.id, input.id)).for('update');
  if (!faq) throw faqNotFound();

  await tx.update(faqs).set({ name: input.name, updatedAt: new Date() }).where(eq(faqs.id, faq.id));
  await tx
    .update(faqItems)
    .set({ position: sql`-1 - ${faqItems.position}` })
    .where(eq(faqItems.faqId, faq.id));
  if (input.items.length > 0) {
    await tx.insert(faqItems).values(
      input.items.map((item, position) => ({
        faqId: faq.id,
        position,
        question: item.question,
        answer: item.answer,
        embedding: sql`(select p.embedding from faq_items p where p.faq_id = ${faq.id} and p.position < 0 and p.question = ${item.question} limit 1)`,
      })),
    );
  }
  await tx.delete(faqItems).where(and(eq(faqItems.faqId, faq.id), lt(faqItems.position, 0)));
  await recordChanges(tx, faqChanged(faq, true));
  const saved = await findAdminFaq(tx, faq.id);
  if (!saved) throw faqNotFound();
  return saved;
}
