import { describe, expect, it } from 'vitest';
import { findControlCharacters, hasControlCharacters } from './text.ts';

describe('control characters', () => {
  it('are NUL and the C0 controls, but not tab, line feed or carriage return', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('\u001b[31m')).toBe(true);
    expect(hasControlCharacters('line one\r\nline two\tend')).toBe(false);
    expect(hasControlCharacters('Zoë ✨ 👋')).toBe(false);
  });

  it('are found with the path of the string or key that holds them', () => {
    expect(findControlCharacters({ text: 'hi', tags: ['a', 'b\u0000'] })).toEqual(['tags', 1]);
    expect(findControlCharacters({ outer: { 'key\u0001': 1 } })).toEqual(['outer', 'key\u0001']);
    expect(findControlCharacters('\u0000')).toEqual([]);
    expect(findControlCharacters({ text: 'hi', count: 3, on: true, none: null })).toBeUndefined();
  });

  it('are found however deep the input nests', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findControlCharacters(deep)).toHaveLength(100_000);
  });
});
