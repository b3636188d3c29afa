// Deterministic local embeddings for the offline engine and the fake OpenAI server: a hashed bag of
// lower-cased word unigrams and bigrams (feature hashing). No model, no network, same vector for the
// same text on every machine, and texts sharing content words score clearly higher than unrelated ones.

// 512 rather than 256: with two buckets a feature, short FAQ questions rarely collide by chance.
export const OFFLINE_EMBEDDING_DIMENSIONS = 512;

// Function words carry little meaning and would make every question look alike ("how do you ...").
const stopWords = new Set(
  (
    'a an the and or but if then so of to in on at for from by with about as into over is are was were be been being ' +
    'am do does did doing have has had i me my mine you your yours we our us he she it its they them their this that ' +
    'these those what which who whom how when where why can could would should will shall may might must just ' +
    'there here not no yes very too also please hey hi hello ok okay'
  ).split(' '),
);

export const isStopWord = (word: string): boolean => stopWords.has(word);

/** Lower-cased words without accents. */
const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);

/** Lower-cased words without accents, lightly stemmed so "credits" and "credit", "live" and "living" meet. */
export const tokenize = (text: string): string[] => words(text).map(stem);

const stem = (word: string): string => {
  let stemmed = word;
  if (stemmed.length > 5 && stemmed.endsWith('ing')) stemmed = stemmed.slice(0, -3);
  else if (stemmed.length > 4 && stemmed.endsWith('ed')) stemmed = stemmed.slice(0, -2);
  else if (stemmed.length > 3 && stemmed.endsWith('s') && !stemmed.endsWith('ss')) stemmed = stemmed.slice(0, -1);
  if (stemmed.length > 3 && stemmed.endsWith('e')) stemmed = stemmed.slice(0, -1);
  return stemmed;
};

/** Stemmed content words of a text; all words when it has nothing but function words ("how are you"). */
export const contentWords = (text: string): string[] => {
  const all = words(text);
  const content = all.filter((word) => !stopWords.has(word));
  return (content.length > 0 ? content : all).map(stem);
};

/** FNV-1a, 32 bit, with murmur3's finaliser so the low bits (the bucket) mix well: small and stable everywhere. */
export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
};

/**
 * The embedding of one text: unigrams weigh 1, bigrams 0.5, each hashed to two buckets with a hashed
 * sign (so collisions cancel out on average instead of piling up), then L2-normalised. Text without
 * words gives the zero vector.
 */
export const hashedEmbedding = (text: string, dimensions: number = OFFLINE_EMBEDDING_DIMENSIONS): number[] => {
  const vector = new Array<number>(dimensions).fill(0);
  const words = contentWords(text);
  // Each feature lands in two buckets, so one unlucky collision moves a score half as much.
  const add = (feature: string, weight: number) => {
    for (const salt of ['a', 'b']) {
      const hash = fnv1a(`${salt}:${feature}`);
      const sign = hash >>> 31 === 1 ? -1 : 1;
      const bucket = hash % dimensions;
      vector[bucket] = (vector[bucket] ?? 0) + sign * weight;
    }
  };
  for (const word of words) add(`u:${word}`, 1);
  for (let index = 0; index + 1 < words.length; index++) add(`b:${words[index]} ${words[index + 1]}`, 0.5);
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
};

/**
 * Cosine similarity in [-1, 1]. Vectors of different lengths (embedded by different engines, e.g.
 * FAQ items embedded offline and a question embedded by OpenAI) or a zero vector score 0: such a pair
 * says nothing about meaning, and the FAQ lookup should simply not match.
 */
export const cosineSimilarity = (a: readonly number[], b: readonly number[]): number => {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  const cosine = dot / Math.sqrt(normA * normB);
  // Rounding can push identical vectors a hair past 1.
  return Math.max(-1, Math.min(1, cosine));
};
