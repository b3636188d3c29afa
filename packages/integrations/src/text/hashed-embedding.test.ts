import { describe, expect, it } from 'vitest';
import { cosineSimilarity, hashedEmbedding, OFFLINE_EMBEDDING_DIMENSIONS, tokenize } from './hashed-embedding.ts';

describe('cosineSimilarity', () => {
  it('is 1 for the same direction, 0 for orthogonal and -1 for opposite vectors', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity([1, -1], [-2, 2])).toBeCloseTo(-1, 12);
  });

  it('scores a known angle', () => {
    expect(cosineSimilarity([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('scores 0 for a zero vector, empty vectors and vectors of different engines (lengths)', () => {
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([], [])).toBe(0);
    expect(cosineSimilarity([1, 2, 3], [1, 2])).toBe(0);
  });

  it('stays within [-1, 1] despite rounding', () => {
    const vector = [0.1, 0.2, 0.3, 0.7, 1e-9];
    expect(cosineSimilarity(vector, vector)).toBeLessThanOrEqual(1);
  });
});

describe('hashedEmbedding', () => {
  it('is deterministic, L2-normalised and of the offline dimension', () => {
    const a = hashedEmbedding('Do free credits expire?');
    const b = hashedEmbedding('Do free credits expire?');
    expect(a).toEqual(b);
    expect(a).toHaveLength(OFFLINE_EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...a)).toBeCloseTo(1, 10);
  });

  it('gives the zero vector for text without words', () => {
    expect(hashedEmbedding('?! …').every((value) => value === 0)).toBe(true);
  });

  it('ignores case, accents and punctuation', () => {
    expect(hashedEmbedding('CAFÉ in Lisbon!')).toEqual(hashedEmbedding('cafe in lisbon'));
  });

  it('scores an FAQ question and its paraphrase well above unrelated text', () => {
    const pairs: Array<[question: string, paraphrase: string, unrelated: string]> = [
      ['How do credits work?', 'how does the credit system work', 'I love surfing at sunrise in Portugal'],
      ['Do free credits expire?', 'will my free credits expire at some point', 'what is your favourite paella recipe'],
      ['Can I get a refund?', 'how do I get a refund for my purchase', 'send me a picture of your cat'],
      ['Is this really you or an AI?', 'are you an AI or really you', 'which camera do you shoot film on'],
      ['Where do you live?', 'where are you living these days', 'how do credits work'],
    ];
    for (const [question, paraphrase, unrelated] of pairs) {
      const q = hashedEmbedding(question);
      const close = cosineSimilarity(q, hashedEmbedding(paraphrase));
      const far = cosineSimilarity(q, hashedEmbedding(unrelated));
      expect(close, `${question} ~ ${paraphrase}`).toBeGreaterThan(0.4);
      expect(far, `${question} ~ ${unrelated}`).toBeLessThan(0.2);
      expect(close - far).toBeGreaterThan(0.3);
    }
  });

  it('ranks the matching FAQ question first among several', () => {
    const questions = ['How do credits work?', 'Do free credits expire?', 'Can I get a refund?', 'Where do you live?'];
    const fan = hashedEmbedding('I want a refund please');
    const scores = questions.map((question) => cosineSimilarity(fan, hashedEmbedding(question)));
    expect(scores.indexOf(Math.max(...scores))).toBe(2);
  });
});

describe('tokenize', () => {
  it('lower-cases, strips accents and stems plurals', () => {
    expect(tokenize('Crédits, PHOTOS & surfing! Living')).toEqual(['credit', 'photo', 'surf', 'liv']);
  });
});
