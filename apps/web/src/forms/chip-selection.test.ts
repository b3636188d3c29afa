import { describe, expect, it } from 'vitest';
import { applyChipSelection, toggleChip } from './chip-selection.ts';

describe('applyChipSelection', () => {
  it('adds a pick while there is room', () => {
    expect(applyChipSelection(['A'], ['A', 'B'], 3)).toEqual(['A', 'B']);
  });

  it('ignores a pick beyond the maximum', () => {
    expect(applyChipSelection(['A', 'B', 'C'], ['A', 'B', 'C', 'D'], 3)).toEqual(['A', 'B', 'C']);
  });

  it('removes an unpicked chip', () => {
    expect(applyChipSelection(['A', 'B', 'C'], ['A', 'C'], 3)).toEqual(['A', 'C']);
  });

  it('replaces the choice when the maximum is 1', () => {
    expect(applyChipSelection(['A'], ['A', 'B'], 1)).toEqual(['B']);
    expect(applyChipSelection([], ['B'], 1)).toEqual(['B']);
  });

  it('keeps at most the room left when several picks arrive at once', () => {
    expect(applyChipSelection(['A'], ['A', 'B', 'C', 'D'], 2)).toEqual(['A', 'B']);
  });
});

describe('toggleChip', () => {
  it('adds, removes, and ignores over the maximum', () => {
    expect(toggleChip([], 'A', 2)).toEqual(['A']);
    expect(toggleChip(['A'], 'A', 2)).toEqual([]);
    expect(toggleChip(['A', 'B'], 'C', 2)).toEqual(['A', 'B']);
    expect(toggleChip(['A'], 'B', 1)).toEqual(['B']);
  });
});
