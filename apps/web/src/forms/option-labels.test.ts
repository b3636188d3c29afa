import { describe, expect, it } from 'vitest';
import { optionLabel } from './option-labels.ts';

describe('optionLabel', () => {
  it('turns an enumeration value into words', () => {
    expect(optionLabel('VIDEO_GAMES')).toBe('Video games');
    expect(optionLabel('OLD_SOUL')).toBe('Old soul');
    expect(optionLabel('SWEET')).toBe('Sweet');
  });

  it('spells the special cases', () => {
    expect(optionLabel('GENZ')).toBe('Gen Z');
    expect(optionLabel('EDM')).toBe('EDM');
    expect(optionLabel('NON_BINARY')).toBe('Non-binary');
  });
});
