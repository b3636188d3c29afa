import { describe, expect, it } from 'vitest';
import { chooseImage, wordOverlap } from './attachment-choice.ts';
import { cosineSimilarity, QuestionVectors, rankFaqItems } from './faq.ts';

describe('cosineSimilarity', () => {
  it('is 1 for the same direction, 0 for orthogonal, zero or mismatched vectors', () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([1, 0], [1, 0, 0])).toBe(0);
  });
});

describe('rankFaqItems', () => {
  const item = (id: string, embedding: number[]) => ({ id, question: `q${id}`, answer: `a${id}`, embedding });

  it('keeps items at or above the minimum score, best first, at most three', () => {
    const matches = rankFaqItems(
      [1, 0],
      [item('low', [0.3, 1]), item('best', [1, 0]), item('good', [1, 0.5]), item('ok', [1, 0.9]), item('fine', [1, 0.7])],
      0.5,
    );
    expect(matches.map((match) => match.id)).toEqual(['best', 'good', 'fine']);
    expect(matches[0]).toEqual({ id: 'best', question: 'qbest', answer: 'abest', score: 1 });
  });

  it('returns nothing when no item reaches the minimum', () => {
    expect(rankFaqItems([1, 0], [item('x', [0, 1])], 0.35)).toEqual([]);
  });
});

describe('chooseImage', () => {
  const gallery = [
    { id: 'a', filePath: 'a.jpg', context: 'sunset at the hot springs' },
    { id: 'b', filePath: 'b.jpg', context: 'surfing in Ericeira' },
    { id: 'c', filePath: 'c.jpg', context: 'my cat Churro' },
  ];

  it('picks the context sharing the most words with the request without embeddings', () => {
    expect(wordOverlap('your cat please', 'my cat Churro')).toBeGreaterThan(0);
    expect(chooseImage({ request: 'a pic of your cat', candidates: gallery })?.id).toBe('c');
    expect(chooseImage({ request: 'Surfing!', candidates: gallery })?.id).toBe('b');
  });

  it('lets embedding similarity decide when words do not overlap', () => {
    const chosen = chooseImage({
      request: 'golden hour',
      candidates: gallery,
      embeddings: {
        request: [1, 0],
        candidates: [
          [0.9, 0.1],
          [0, 1],
          [0.2, 1],
        ],
      },
    });
    expect(chosen?.id).toBe('a');
  });

  it('prefers a photo the chat has not had yet for a vague request, but still sends the one asked for', () => {
    expect(chooseImage({ request: 'send a pic', candidates: gallery, alreadySent: new Set(['a.jpg']) })?.id).toBe('b');
    expect(chooseImage({ request: 'the cat again', candidates: gallery, alreadySent: new Set(['c.jpg']) })?.id).toBe('c');
  });

  it('returns null for an empty gallery', () => {
    expect(chooseImage({ request: 'anything', candidates: [] })).toBeNull();
  });
});

describe('QuestionVectors', () => {
  it('keeps a vector per question and dimension count, dropping the oldest beyond its limit', () => {
    const vectors = new QuestionVectors(2);
    vectors.set('How old are you?', [1, 0]);
    vectors.set('How old are you?', [1, 0, 0]);
    expect(vectors.get(2, 'How old are you?')).toEqual([1, 0]);
    expect(vectors.get(3, 'How old are you?')).toEqual([1, 0, 0]);
    expect(vectors.get(2, 'Where do you live?')).toBeUndefined();

    vectors.set('Where do you live?', [0, 1]);
    expect(vectors.get(2, 'How old are you?'), 'the oldest went').toBeUndefined();
    expect(vectors.get(3, 'How old are you?')).toEqual([1, 0, 0]);
    expect(vectors.get(2, 'Where do you live?')).toEqual([0, 1]);
  });
});
