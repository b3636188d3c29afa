// One FAQ with its items (the FAQ detail and the talent detail's Faq tab), and which FAQ is a
// talent's own.
import { type Executor, faqItems, faqs, talentConfigs, talents } from '@doppel/db';
import type { AdminFaqForTalentOutput, AdminFaqView } from '@doppel/validation';
import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';

export const faqNotFound = () => new DomainError('NOT_FOUND', 'This FAQ does not exist.');

/** The FAQ and its items in order; undefined when there is no such FAQ. */
export async function findAdminFaq(db: Executor, id: string): Promise<AdminFaqView | undefined> {
  const [[faq], items] = await Promise.all([
    db
      .select({
        id: faqs.id,
        name: faqs.name,
        talentId: talents.id,
        talentName: talents.name,
        createdAt: faqs.createdAt,
        updatedAt: faqs.updatedAt,
      })
      .from(faqs)
      .leftJoin(talents, eq(talents.id, faqs.talentId))
      .where(eq(faqs.id, id))
      .limit(1),
    db
      .select({
        id: faqItems.id,
        question: faqItems.question,
        answer: faqItems.answer,
        // Whether a vector is stored, without reading it (1,536 numbers for an OpenAI one).
        hasEmbedding: sql<boolean>`coalesce(cardinality(${faqItems.embedding}), 0) > 0`,
      })
      .from(faqItems)
      .where(eq(faqItems.faqId, id))
      .orderBy(asc(faqItems.position)),
  ]);
  if (!faq) return undefined;
  return {
    id: faq.id,
    name: faq.name,
    talent: faq.talentId ? { id: faq.talentId, name: faq.talentName ?? '' } : null,
    items,
    createdAt: faq.createdAt.toISOString(),
    updatedAt: faq.updatedAt.toISOString(),
  };
}

/** `admin.faqs.get`: NOT_FOUND for an unknown id. */
export async function getAdminFaq(db: Executor, id: string): Promise<AdminFaqView> {
  const faq = await findAdminFaq(db, id);
  if (!faq) throw faqNotFound();
  return faq;
}

/**
 * The id of the talent's own FAQ, or undefined. The reply engine reads talent_configs.faqId, and
 * faqs.talentId says whose an FAQ is; creating a talent FAQ sets both. The one the config links
 * comes first; a global FAQ the config may point at is not the talent's own (it applies to every
 * twin anyway), and an FAQ marked with the talent but not linked still counts, so the tab shows it
 * rather than offering to create a second one.
 */
export async function findTalentFaqId(db: Executor, talentId: string): Promise<string | undefined> {
  const linked = sql`${faqs.id} = (select ${talentConfigs.faqId} from ${talentConfigs} where ${talentConfigs.id} = ${talentId})`;
  const [row] = await db
    .select({ id: faqs.id })
    .from(faqs)
    .where(or(eq(faqs.talentId, talentId), and(isNotNull(faqs.talentId), linked)))
    .orderBy(desc(sql`coalesce(${linked}, false)`), asc(faqs.createdAt), asc(faqs.id))
    .limit(1);
  return row?.id;
}

/** `admin.faqs.forTalent`: the talent (to name a new FAQ after it) and its own FAQ, null while it has none. */
export async function getAdminTalentFaq(db: Executor, talentId: string): Promise<AdminFaqForTalentOutput> {
  const [talent] = await db.select({ id: talents.id, name: talents.name }).from(talents).where(eq(talents.id, talentId)).limit(1);
  if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.');
  const faqId = await findTalentFaqId(db, talentId);
  const faq = faqId ? await findAdminFaq(db, faqId) : undefined;
  return { talent, faq: faq ?? null };
}
