import { describe, expect, it } from 'vitest';
import {
  cleanExtractedMemories,
  formatMemorySection,
  memoryPromptLimit,
  memoryPromptMaxChars,
  memorySectionHeading,
  selectPromptMemories,
} from './prompt-section.ts';

describe('memories in the prompt', () => {
  it('keeps the newest notes up to the count cap', () => {
    const notes = Array.from({ length: 30 }, (_, index) => ({ kind: 'FACT' as const, text: `Fact ${index}` }));
    const chosen = selectPromptMemories(notes);
    expect(chosen).toHaveLength(memoryPromptLimit);
    expect(chosen[0]?.text).toBe('Fact 0');
  });

  it('stops before the character cap', () => {
    const notes = Array.from({ length: 10 }, (_, index) => ({ kind: 'FACT' as const, text: `${index}`.padEnd(290, 'x') }));
    const chosen = selectPromptMemories(notes);
    expect(chosen.reduce((sum, note) => sum + note.text.length, 0)).toBeLessThanOrEqual(memoryPromptMaxChars);
    expect(chosen).toHaveLength(5);
  });

  it('writes a delimited bullet list, and nothing for no memories', () => {
    expect(formatMemorySection([])).toBe('');
    expect(
      formatMemorySection([
        { kind: 'NAME', text: 'Name: Sam' },
        { kind: 'FACT', text: 'Has a dog named Rex' },
      ]),
    ).toBe(`${memorySectionHeading}\n- Name: Sam\n- Has a dog named Rex`);
  });

  it('cleans what an extraction returns before it is stored', () => {
    expect(
      cleanExtractedMemories([
        { kind: 'NAME', text: '  Name:   Sam. ' },
        { kind: 'NAME', text: 'name: sam' },
        { kind: 'FACT', text: '   ' },
        { kind: 'SECRET' as 'FACT', text: 'Unknown kind' },
        { kind: 'PREFERENCE', text: 'Loves hiking\nand swimming' },
      ]),
    ).toEqual([
      { kind: 'NAME', text: 'Name: Sam' },
      { kind: 'PREFERENCE', text: 'Loves hiking and swimming' },
    ]);
  });
});
