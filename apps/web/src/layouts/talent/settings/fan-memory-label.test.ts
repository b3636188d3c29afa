import { describe, expect, it } from 'vitest';
import { fanMemoryLabel } from './fan-memory-label.ts';

describe('fanMemoryLabel', () => {
  it('names a fan by their display name', () => {
    expect(fanMemoryLabel({ id: 'abcdefghij', name: '  Sam ', isAnonymous: false })).toBe('Sam');
  });

  it('keeps nameless fans apart by a short id', () => {
    expect(fanMemoryLabel({ id: 'abcdefghij', name: '', isAnonymous: true })).toBe('Anonymous fan #abcdef');
    expect(fanMemoryLabel({ id: 'zyxwvutsrq', name: ' ', isAnonymous: false })).toBe('Fan #zyxwvu');
  });
});
