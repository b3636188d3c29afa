import { describe, expect, it } from 'vitest';
import { overflowEdges } from './overflow-edges.ts';

describe('overflowEdges', () => {
  it('finds nothing hidden when the row fits', () => {
    expect(overflowEdges({ scrollLeft: 0, clientWidth: 400, scrollWidth: 400 })).toBe('none');
  });

  it('finds the end hidden on a row that overflows and sits at its start', () => {
    expect(overflowEdges({ scrollLeft: 0, clientWidth: 400, scrollWidth: 700 })).toBe('end');
  });

  it('finds both ends hidden part way along', () => {
    expect(overflowEdges({ scrollLeft: 120, clientWidth: 400, scrollWidth: 700 })).toBe('both');
  });

  it('finds only the start hidden once scrolled to the end', () => {
    expect(overflowEdges({ scrollLeft: 300, clientWidth: 400, scrollWidth: 700 })).toBe('start');
  });

  it('treats a fraction of a pixel from either end as being at that end', () => {
    expect(overflowEdges({ scrollLeft: 0.5, clientWidth: 400, scrollWidth: 700 })).toBe('end');
    expect(overflowEdges({ scrollLeft: 299.4, clientWidth: 400, scrollWidth: 700 })).toBe('start');
    expect(overflowEdges({ scrollLeft: 0, clientWidth: 400, scrollWidth: 400.8 })).toBe('none');
  });
});
