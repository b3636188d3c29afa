import { describe, expect, it } from 'vitest';
import { fanDisplayName } from './conversation-filters.ts';

describe('fanDisplayName', () => {
  it('names a fan by their display name, trimmed', () => {
    expect(fanDisplayName({ id: 'abcdefghij', name: '  Sam ', isAnonymous: false })).toBe('Sam');
  });

  it('keeps nameless fans apart by a short id, anonymous or signed in', () => {
    expect(fanDisplayName({ id: 'abcdefghij', name: '', isAnonymous: true })).toBe('Anonymous fan #abcdef');
    expect(fanDisplayName({ id: 'zyxwvutsrq', name: ' ', isAnonymous: false })).toBe('Fan #zyxwvu');
  });
});
