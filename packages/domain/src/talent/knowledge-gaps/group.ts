// Pure rules of the knowledge-gap inbox: whether the FAQ covers a question by now, and greedy
// grouping by cosine similarity of their embeddings (which messages are questions: is-fan-question.ts).
import { cosineSimilarity } from '../../chat/reply/faq.ts';

/**
 * Two questions whose vectors score at least this belong together. With the offline hashed
 * embeddings a rewording scores 0.55 to 1 ("favourite pizza topping" and "which pizza topping do
 * you like best" 0.58), two questions sharing one topic word about 0.3 ("ship merch to Canada" and
 * "where is your merch made" 0.36), unrelated ones near 0; OpenAI's models put rewordings at 0.5+.
 */
export const knowledgeGapGroupScore = 0.55;

/** At most this many wordings shown per group. */
export const knowledgeGapExamples = 3;

export type GapQuestion = { text: string; askedAt: Date; vector: readonly number[] };
export type GapGroupDraft = { question: string; count: number; examples: string[]; lastAskedAt: Date };

/** Whether any current FAQ question scores at least `minScore` against the message (answered since). */
export function isCovered(vector: readonly number[], faqVectors: readonly (readonly number[])[], minScore: number): boolean {
  return faqVectors.some((faq) => cosineSimilarity(vector, faq) >= minScore);
}

/**
 * Whether a question resembles one the creator dismissed: it scores at least the grouping threshold
 * against it, so it would have joined the dismissed group. Other wordings of a dismissed question
 * stay hidden, asked before or after; a question asked in other words comes back.
 */
export function isDismissed(
  vector: readonly number[],
  dismissedVectors: readonly (readonly number[])[],
  threshold = knowledgeGapGroupScore,
): boolean {
  return dismissedVectors.some((dismissed) => cosineSimilarity(vector, dismissed) >= threshold);
}

/** One wording's key: lower case, spaces collapsed (distinct examples; a dismissal's row). */
export const normaliseQuestion = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Groups questions greedily, newest first: each joins the group whose first (newest) question it
 * resembles most, at `threshold` or above, else starts a group. Comparing with the representative
 * only (not every member) keeps it O(questions × groups) and stops chains of small drifts from
 * merging unrelated questions. Groups come back most asked first, then most recent.
 */
export function groupGapQuestions(questions: readonly GapQuestion[], threshold = knowledgeGapGroupScore): GapGroupDraft[] {
  const sorted = [...questions].sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime());
  const groups: { vector: readonly number[]; draft: GapGroupDraft; seen: Set<string> }[] = [];
  for (const question of sorted) {
    let best: (typeof groups)[number] | undefined;
    let bestScore = threshold;
    for (const group of groups) {
      const score = cosineSimilarity(question.vector, group.vector);
      if (score >= bestScore) {
        best = group;
        bestScore = score;
      }
    }
    const text = question.text.trim();
    if (!best) {
      groups.push({
        vector: question.vector,
        draft: { question: text, count: 1, examples: [text], lastAskedAt: question.askedAt },
        seen: new Set([normaliseQuestion(text)]),
      });
      continue;
    }
    best.draft.count += 1;
    const key = normaliseQuestion(text);
    if (!best.seen.has(key) && best.draft.examples.length < knowledgeGapExamples) {
      best.seen.add(key);
      best.draft.examples.push(text);
    }
  }
  return groups
    .map((group) => group.draft)
    .sort((a, b) => b.count - a.count || b.lastAskedAt.getTime() - a.lastAskedAt.getTime());
}
