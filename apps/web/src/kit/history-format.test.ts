import { describe, expect, it } from 'vitest';
import { formatHistoryActor, formatHistoryValue, historyValueMax } from './history-format.ts';

describe('formatHistoryValue', () => {
  it('shows text as is, nothing as a dash, empty text as (empty) and the rest as JSON', () => {
    expect(formatHistoryValue('Mia')).toBe('Mia');
    expect(formatHistoryValue(null)).toBe('—');
    expect(formatHistoryValue('')).toBe('(empty)');
    expect(formatHistoryValue(0)).toBe('0');
    expect(formatHistoryValue(false)).toBe('false');
    expect(formatHistoryValue(['a', 'b'])).toBe('["a","b"]');
  });

  it('cuts long values', () => {
    expect(formatHistoryValue('x'.repeat(historyValueMax + 10))).toBe(`${'x'.repeat(historyValueMax)}…`);
  });
});

describe('formatHistoryActor', () => {
  it('names the admin, or says the account is gone', () => {
    expect(formatHistoryActor({ name: 'Ada', email: 'ada@x.dev' })).toBe('Ada (ada@x.dev)');
    expect(formatHistoryActor({ name: null, email: 'ada@x.dev' })).toBe('ada@x.dev');
    expect(formatHistoryActor(null)).toBe('A deleted account');
  });
});
