// Pure rules of the knowledge-gap inbox: which fan messages are questions worth showing, whether
// the FAQ covers one by now, and greedy grouping by cosine similarity of their embeddings.
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

/** Words of greetings, thanks and small talk: a message made of these alone asks nothing. */
const smallTalk = new Set(
  (
    'hi hey hello hiya yo sup good morning evening night afternoon bye goodbye see ya you later soon ' +
    'thanks thank thx ty so much very a lot lots love it that this ok okay cool nice great awesome ' +
    'lol haha hahaha omg wow yes yeah no nope sure same too xx xoxo miss i me my'
  ).split(' '),
);

/**
 * Greetings, thanks and one-word messages are not questions the FAQ could answer: a message needs
 * at least three words and ten letters or digits, and a word beyond small talk ("thanks so much"
 * and "good night my love" are not listed), to be a gap.
 */
export function isGapCandidate(text: string): boolean {
  const words = text
    .trim()
    .split(/\s+/)
    .map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '');
  const letters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return words.length >= 3 && letters >= 10 && words.some((word) => !smallTalk.has(word));
}

/** Whether any current FAQ question scores at least `minScore` against the message (answered since). */
export function isCovered(vector: readonly number[], faqVectors: readonly (readonly number[])[], minScore: number): boolean {
  return faqVectors.some((faq) => cosineSimilarity(vector, faq) >= minScore);
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

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
        seen: new Set([normalise(text)]),
      });
      continue;
    }
    best.draft.count += 1;
    const key = normalise(text);
    if (!best.seen.has(key) && best.draft.examples.length < knowledgeGapExamples) {
      best.seen.add(key);
      best.draft.examples.push(text);
    }
  }
  return groups
    .map((group) => group.draft)
    .sort((a, b) => b.count - a.count || b.lastAskedAt.getTime() - a.lastAskedAt.getTime());
}
