import { describe, expect, it } from 'vitest';
import { categoryRows, formatScore, regressionLabel, runLabel, scoreColor } from './quality-format.ts';

describe('quality format', () => {
  it('shows scores as whole percentages with a dash for none, banded by colour', () => {
    expect(formatScore(0.826)).toBe('83%');
    expect(formatScore(null)).toBe('—');
    expect([scoreColor(0.9), scoreColor(0.7), scoreColor(0.2), scoreColor(null)]).toEqual(['teal', 'orange', 'red', 'gray']);
  });

  it('names runs, categories in check-set order and what got worse', () => {
    expect(runLabel({ trigger: 'NIGHTLY', modelVersionId: null })).toBe('Nightly · current setup');
    expect(runLabel({ trigger: 'MANUAL', modelVersionId: 'abcdefghijkl' })).toBe('Run now · version abcdefgh');
    expect(categoryRows({ categoryScores: { HONESTY: 0.5, FAQ: 1 } }).map((row) => row.label)).toEqual(['FAQ', 'Honesty']);
    expect(regressionLabel({ category: null, from: 0.8, to: 0.64 })).toBe('Overall 80% → 64%');
    expect(regressionLabel({ category: 'BOUNDARY', from: 0.9, to: 0.6 })).toBe('Boundaries 90% → 60%');
  });
});
