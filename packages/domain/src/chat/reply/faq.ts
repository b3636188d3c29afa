// FAQ retrieval for a reply: the talent's own FAQ and every global FAQ, ranked by cosine similarity
// between the fan's message and each question. Question embeddings are computed on first use,
// stored in faq_items.embedding, and kept in memory by the worker.
import { type Executor, faqItems, faqs } from '@doppel/db';
import { eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { LlmPort } from '../../ports/llm.ts';
import type { FaqMatch } from './prompt.ts';
import type { TwinMaterialCache } from './twin-material-cache.ts';

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

/**
 * Question vectors a process has already read or computed, by dimensions and question text. A
 * question's vector never changes for a given engine, and reading the stored vectors back on every
 * reply cost more than the rest of the retrieval: an OpenAI vector is 1,536 numbers, sent as text.
 * Holds at most `limit` questions, dropping the oldest first: 2,000 OpenAI vectors take about 25 MB.
 */
export class QuestionVectors {
  private readonly vectors = new Map<string, readonly number[]>();
  private readonly limit: number;

  constructor(limit = 2_000) {
    this.limit = limit;
  }

  get(dimensions: number, question: string): readonly number[] | undefined {
    return this.vectors.get(`${dimensions}:${question}`);
  }

  set(question: string, vector: readonly number[]): void {
    const key = `${vector.length}:${question}`;
    this.vectors.delete(key);
    if (this.vectors.size >= this.limit) {
      const oldest = this.vectors.keys().next().value;
      if (oldest !== undefined) this.vectors.delete(oldest);
    }
    this.vectors.set(key, vector);
  }
}

export type MatchFaqItemsInput = {
  /** talent_configs.faqId; null when the talent has no FAQ of its own (global FAQs still apply). */
  talentFaqId: string | null;
  text: string;
  minScore?: number;
};

type ListedFaqItem = { id: string; question: string; answer: string; storedDimensions: number | null };

/** The questions of the talent's FAQ and every global FAQ, in order, with the size of each stored vector. */
function listFaqItems(db: Executor, talentFaqId: string | null): Promise<ListedFaqItem[]> {
  const owner = talentFaqId ? or(isNull(faqs.talentId), eq(faqs.id, talentFaqId)) : isNull(faqs.talentId);
  return db
    .select({
      id: faqItems.id,
      question: faqItems.question,
      answer: faqItems.answer,
      storedDimensions: sql<number | null>`cardinality(${faqItems.embedding})`,
    })
    .from(faqItems)
    .innerJoin(faqs, eq(faqs.id, faqItems.faqId))
    .where(owner)
    .orderBy(faqItems.faqId, faqItems.position);
}

/**
 * The FAQ items that fit the fan's message. The message is embedded first. Each question's vector
 * then comes from `known` (the worker's memo), else from faq_items.embedding, else from the engine
 * (when never embedded, or embedded by an engine with another dimension), which is then stored, so
 * later replies only embed the message. Writes are idempotent, so concurrent jobs may race.
 */
export async function matchFaqItems(
  db: Executor,
  llm: Pick<LlmPort, 'embed'>,
  input: MatchFaqItemsInput,
  known: QuestionVectors = new QuestionVectors(),
  /** The worker's short-lived memo of the list (twin-material-cache.ts); without it the list is read. */
  lists?: TwinMaterialCache,
): Promise<FaqMatch[]> {
  const text = input.text.trim();
  if (text === '') return [];
  const items = lists
    ? await lists.read(`faq:${input.talentFaqId ?? ''}`, () => listFaqItems(db, input.talentFaqId))
    : await listFaqItems(db, input.talentFaqId);
  if (items.length === 0) return [];

  const [query] = await llm.embed([text]);
  if (!query || query.length === 0) return [];
  const dimensions = query.length;
  const unknown = () => items.filter((item) => !known.get(dimensions, item.question));

  const stored = unknown().filter((item) => item.storedDimensions === dimensions);
  if (stored.length > 0) {
    const ids = stored.map((item) => item.id);
    const rows = await db
      .select({ question: faqItems.question, embedding: faqItems.embedding })
      .from(faqItems)
      .where(inArray(faqItems.id, ids));
    for (const row of rows) if (row.embedding?.length === dimensions) known.set(row.question, row.embedding);
  }

  const stale = unknown();
  if (stale.length > 0) {
    const vectors = await llm.embed(stale.map((item) => item.question));
    const fresh = stale.map((item, index) => ({ item, embedding: vectors[index] ?? [] }));
    await Promise.all(fresh.map(({ item, embedding }) => db.update(faqItems).set({ embedding }).where(eq(faqItems.id, item.id))));
    for (const { item, embedding } of fresh) if (embedding.length === dimensions) known.set(item.question, embedding);
  }

  const embedded = items.map((item) => ({ ...item, embedding: known.get(dimensions, item.question) ?? [] }));
  return rankFaqItems(query, embedded, input.minScore ?? defaultFaqMinScore);
}
