// docs/product-rules.md#calls "Create FAQ": a global FAQ (no talent) or a talent's own, which its replies then use.
import { faqs, recordChanges, type Transaction, talentConfigs, talents } from '@doppel/db';
import { adminFaqMessages } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { recordTalentChange } from '../../talent/changes.ts';
import { findTalentFaqId } from './get-faq.ts';
import { faqChanged } from './scopes.ts';

export type CreateAdminFaqInput = { name: string; talentId: string | null };

/**
 * `admin.faqs.create`: the new FAQ starts without items. A talent has at most one FAQ of its own:
 * a second one is refused (CONFLICT) rather than returning the first, so the caller learns that
 * the name it gave was not used. Creating one also links it in talent_configs.faqId (adding the
 * config row when the talent has none), which is how the reply engine finds a talent's FAQ. Run it
 * through ctx.write: the talent row is locked, so two creates for one talent cannot both pass.
 */
export async function createAdminFaq(tx: Transaction, input: CreateAdminFaqInput): Promise<{ id: string }> {
  const { talentId } = input;
  if (talentId) {
    const [talent] = await tx.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId)).for('update').limit(1);
    if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.', { talentId: ['This talent does not exist.'] });
    if (await findTalentFaqId(tx, talentId)) throw new DomainError('CONFLICT', adminFaqMessages.talentHasFaq);
  }
  const [faq] = await tx.insert(faqs).values({ name: input.name, talentId }).returning({ id: faqs.id });
  if (!faq) throw new Error('the FAQ insert returned no row');
  await recordChanges(tx, faqChanged({ id: faq.id, talentId }, false));
  if (talentId) {
    await tx
      .insert(talentConfigs)
      .values({ id: talentId, faqId: faq.id })
      .onConflictDoUpdate({ target: talentConfigs.id, set: { faqId: faq.id } });
    await recordTalentChange(tx, talentId, [{ entity: 'talent_configs' }]);
  }
  return { id: faq.id };
}
