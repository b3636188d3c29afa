import { describe, expect, it } from 'vitest';
import { discoverIntro, discoverIntroMaxLength, discoverSampleQuestion } from './discover-card.ts';

describe('discoverIntro', () => {
  it('is the first welcome message that has words, on one line', () => {
    expect(discoverIntro([{ text: '  ' }, { text: 'Hey you!\n\nAsk me   about surfing ' }, { text: 'Later' }])).toBe(
      'Hey you! Ask me about surfing',
    );
  });

  it('is null for a twin without welcome words', () => {
    expect(discoverIntro([])).toBeNull();
    expect(discoverIntro([{ text: '' }])).toBeNull();
  });

  it('clips a long welcome at a word and marks the cut', () => {
    const intro = discoverIntro([{ text: 'word '.repeat(100) }]) ?? '';
    expect(intro.length).toBeLessThanOrEqual(discoverIntroMaxLength);
    expect(intro.endsWith('word…')).toBe(true);
  });

  it('cuts a single very long word rather than dropping it', () => {
    const intro = discoverIntro([{ text: 'a'.repeat(500) }]) ?? '';
    expect(intro).toBe(`${'a'.repeat(discoverIntroMaxLength - 1)}…`);
  });
});

describe('discoverSampleQuestion', () => {
  it('is the first conversation starter with words, or null', () => {
    expect(discoverSampleQuestion([{ text: ' ' }, { text: 'Where are you right now?' }])).toBe('Where are you right now?');
    expect(discoverSampleQuestion([])).toBeNull();
  });
});
