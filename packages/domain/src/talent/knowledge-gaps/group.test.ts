// The inbox's pure rules: "answered since", dismissed, and greedy grouping; the stored verdict's scores.
import { chatPromptGapScores } from '@doppel/db';
import { describe, expect, it } from 'vitest';
import { defaultFaqMinScore } from '../../chat/reply/faq.ts';
import { answeringPassageScore } from '../../chat/reply/knowledge.ts';
import { type GapQuestion, groupGapQuestions, isCovered, isDismissed } from './group.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const q = (text: string, minute: number, vector: number[]): GapQuestion => ({ text, askedAt: at(minute), vector });

describe('isCovered', () => {
  it('is true once an FAQ question scores at least the minimum', () => {
    expect(isCovered([1, 0], [[0, 1]], 0.35)).toBe(false);
    expect(
      isCovered(
        [1, 0],
        [
          [0, 1],
          [1, 1],
        ],
        0.35,
      ),
    ).toBe(true);
    expect(isCovered([1, 0], [], 0.35)).toBe(false);
  });
});

describe('isDismissed', () => {
  it('hides what would join a dismissed group and nothing else', () => {
    expect(isDismissed([1, 0], [[0.9, 0.1]])).toBe(true);
    expect(isDismissed([1, 0], [[0.5, 0.866]])).toBe(false);
    expect(isDismissed([1, 0], [])).toBe(false);
  });
});

describe('groupGapQuestions', () => {
  it('groups similar questions under the newest wording, counts them, and lists distinct examples', () => {
    const groups = groupGapQuestions([
      q('Do you ship to Canada?', 1, [1, 0, 0]),
      q('Shipping to Canada?', 3, [0.9, 0.1, 0]),
      q('do you ship to canada?', 2, [1, 0, 0]),
      q('What camera do you use?', 4, [0, 1, 0]),
      q('Ship to Canada, eh?', 5, [0.95, 0, 0.05]),
      q('Canada shipping cost?', 6, [0.8, 0, 0.2]),
    ]);
    expect(groups).toEqual([
      {
        question: 'Canada shipping cost?',
        count: 5,
        examples: ['Canada shipping cost?', 'Ship to Canada, eh?', 'Shipping to Canada?'],
        lastAskedAt: at(6),
      },
      { question: 'What camera do you use?', count: 1, examples: ['What camera do you use?'], lastAskedAt: at(4) },
    ]);
  });

  it('keeps questions below the threshold apart and orders ties by recency', () => {
    const groups = groupGapQuestions([q('first topic here', 1, [1, 0]), q('second topic here', 2, [0.5, 0.866])], 0.55);
    expect(groups.map((group) => [group.question, group.count])).toEqual([
      ['second topic here', 1],
      ['first topic here', 1],
    ]);
  });

  it('counts repeats of one wording once among the examples', () => {
    const [group] = groupGapQuestions([q('Same question again?', 1, [1]), q('same  question again?', 2, [1])]);
    expect(group?.count).toBe(2);
    expect(group?.examples).toEqual(['same  question again?']);
  });

  it('answers no groups for no questions', () => {
    expect(groupGapQuestions([])).toEqual([]);
  });
});

describe('the stored gap verdict', () => {
  it("is computed in SQL with the reply engine's scores", () => {
    expect(chatPromptGapScores).toEqual({ faq: defaultFaqMinScore, passage: answeringPassageScore });
  });
});
