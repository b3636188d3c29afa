// Which ends of a sideways scrolling row hide content, so the row can fade them as a hint to
// scroll. Pure, unit-tested.

/** The ends of a row that hide content: none (it all fits), the start, the end, or both. */
export type OverflowEdges = 'none' | 'start' | 'end' | 'both';

/**
 * Browsers report fractional scroll positions on zoomed and high-density screens, so a row
 * scrolled "to the end" can sit a fraction of a pixel short of it.
 */
const tolerancePx = 1;

/** The ends of a left-to-right scroller that hide content, from its scroll position and sizes. */
export function overflowEdges(row: { scrollLeft: number; clientWidth: number; scrollWidth: number }): OverflowEdges {
  const hiddenAtStart = row.scrollLeft > tolerancePx;
  const hiddenAtEnd = row.scrollLeft + row.clientWidth < row.scrollWidth - tolerancePx;
  if (hiddenAtStart && hiddenAtEnd) return 'both';
  if (hiddenAtStart) return 'start';
  return hiddenAtEnd ? 'end' : 'none';
}
