import { describe, expect, it } from 'vitest';
import { answeredByAiDefault, startersForSave } from './starters.ts';

describe('answeredByAiDefault', () => {
  it('is on when no starter has an answer, including when there are none', () => {
    expect(answeredByAiDefault([])).toBe(true);
    expect(answeredByAiDefault([{ answer: null }, { answer: '' }, {}])).toBe(true);
  });

  it('is off as soon as one starter has a static answer', () => {
    expect(answeredByAiDefault([{ answer: null }, { answer: 'Pizza, always.' }])).toBe(false);
  });
});

describe('startersForSave', () => {
  const rows = [
    { id: 'a1', text: ' What do you eat? ', answer: ' Pizza ' },
    { text: 'Where do you live?', answer: '' },
  ];

  it('drops the answers when the AI answers', () => {
    expect(startersForSave(rows, true)).toEqual([
      { id: 'a1', text: 'What do you eat?', answer: null },
      { text: 'Where do you live?', answer: null },
    ]);
  });

  it('sends the static answers when the AI does not, an empty one as none', () => {
    expect(startersForSave(rows, false)).toEqual([
      { id: 'a1', text: 'What do you eat?', answer: 'Pizza' },
      { text: 'Where do you live?', answer: null },
    ]);
  });
});
