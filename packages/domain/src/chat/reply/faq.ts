// FAQ retrieval for a reply: the talent's own FAQ and every global FAQ, ranked by cosine similarity
// between the fan's message and each question. Question embeddings are computed on first use and
// cached in faq_items.embedding.
import { type Executor, faqItems, faqs } from '@doppel/db';
import { eq, isNull, or } from 'drizzle-orm';
import type { LlmPort } from '../../ports/llm.ts';
import type { FaqMatch } from './prompt.ts';

/**
 * Minimum cosine score for an FAQ item to enter the prompt. There is no talent or app setting for
 * it in the schema, so it is one constant, recorded in every ChatPrompt (`faqMinScore`). 0.35 suits
 * both the offline hashing embeddings (unrelated questions score near 0, a paraphrase 0.4+) and
 * OpenAI's text-embedding-3 models (unrelated 0.1 to 0.3, same question reworded 0.5+).
 */
export const defaultFaqMinScore = 0.35;

/** At most this many FAQ items go into one prompt, best first. */
export const faqMatchLimit = 3;

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

export type EmbeddedFaqItem = { id: string; question: string; answer: string; embedding: readonly number[] };

/** Items scoring at least `minScore`, best first (ties keep their order), at most `limit`. */
export function rankFaqItems(
  query: readonly number[],
  items: EmbeddedFaqItem[],
  minScore: number,
  limit = faqMatchLimit,
): FaqMatch[] {
  return items
    .map((item) => ({
      id: item.id,
      question: item.question,
      answer: item.answer,
      score: cosineSimilarity(query, item.embedding),
    }))
    .filter((match) => match.score >= minScore)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

export type MatchFaqItemsInput = {
  /** talent_configs.faqId; null when the talent has no FAQ of its own (global FAQs still apply). */
  talentFaqId: string | null;
  text: string;
  minScore?: number;
};

/**
 * The FAQ items that fit the fan's message. The message is embedded first; every question
 * not yet embedded (or embedded by an engine with another dimension) in a second call; the new
 * vectors are stored so the next reply only embeds the message. Writes are idempotent, so concurrent jobs may race.
 */
export async function matchFaqItems(db: Executor, llm: LlmPort, input: MatchFaqItemsInput): Promise<FaqMatch[]> {
  const text = input.text.trim();
  if (text === '') return [];
  const owner = input.talentFaqId ? or(isNull(faqs.talentId), eq(faqs.id, input.talentFaqId)) : isNull(faqs.talentId);
  const items = await db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer, embedding: faqItems.embedding })
    .from(faqItems)
    .innerJoin(faqs, eq(faqs.id, faqItems.faqId))
    .where(owner)
    .orderBy(faqItems.faqId, faqItems.position);
  if (items.length === 0) return [];

  // A cached vector of another length came from another embedding engine: recompute it.
  const [query] = await llm.embed([text]);
  if (!query || query.length === 0) return [];
  const stale = items.filter((item) => item.embedding?.length !== query.length);
  const vectors = stale.length > 0 ? await llm.embed(stale.map((item) => item.question)) : [];
  const fresh = new Map(stale.map((item, index) => [item.id, vectors[index] ?? []]));
  await Promise.all([...fresh].map(([id, embedding]) => db.update(faqItems).set({ embedding }).where(eq(faqItems.id, id))));
  const embedded = items.map((item) => ({ ...item, embedding: fresh.get(item.id) ?? item.embedding ?? [] }));
  return rankFaqItems(query, embedded, input.minScore ?? defaultFaqMinScore);
}
