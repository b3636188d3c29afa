// Which gallery image answers the model's image request: the static attachment whose context is
// closest to the `context` argument.
import { cosineSimilarity } from './faq.ts';

export type GalleryCandidate = { id: string; filePath: string; context: string };

const stopWords = new Set(
  'a again an and another at for from in me my of on one or send show some the this to with you your pic pics photo photos picture pictures image'.split(
    ' ',
  ),
);

/** Lower-case words of a text without stop words, with a naive plural "s" folded. */
export function contentWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !stopWords.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word));
  return new Set(words);
}

/** Share of the request's words found in the context (0..1). */
export function wordOverlap(request: string, context: string): number {
  const wanted = contentWords(request);
  if (wanted.size === 0) return 0;
  const have = contentWords(context);
  let hits = 0;
  for (const word of wanted) if (have.has(word)) hits += 1;
  return hits / wanted.size;
}

export type ChooseImageInput<T extends GalleryCandidate> = {
  request: string;
  candidates: T[];
  /** The request's vector and one per candidate, when embeddings are available. */
  embeddings?: { request: readonly number[]; candidates: ReadonlyArray<readonly number[]> };
  /** File paths this chat was already sent: others are preferred, so a fan does not get the same photo twice. */
  alreadySent?: ReadonlySet<string>;
};

/** What an already sent image loses, so a vague request brings a new photo but a precise one still wins. */
export const alreadySentPenalty = 0.25;

/**
 * The best candidate, or null when the gallery is empty. Score = cosine similarity of the
 * embeddings (when given) plus word overlap, so an exact word match wins over a vague embedding
 * neighbour, minus `alreadySentPenalty` for a photo this chat already got; ties keep gallery order.
 */
export function chooseImage<T extends GalleryCandidate>(input: ChooseImageInput<T>): T | null {
  let best: T | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  input.candidates.forEach((candidate, index) => {
    const embedded = input.embeddings?.candidates[index];
    const similarity = input.embeddings && embedded ? cosineSimilarity(input.embeddings.request, embedded) : 0;
    const penalty = input.alreadySent?.has(candidate.filePath) ? alreadySentPenalty : 0;
    const score = similarity + wordOverlap(input.request, candidate.context) - penalty;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  });
  return best;
}
