import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refetchEverything } from './resync.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a resync from the live feed', () => {
  it('refetches everything once for the resyncs of all the page’s streams', () => {
    const invalidateAll = vi.fn();
    refetchEverything(invalidateAll);
    refetchEverything(invalidateAll);
    refetchEverything(invalidateAll);
    expect(invalidateAll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(invalidateAll).toHaveBeenCalledTimes(1);
  });

  it('refetches again for a later resync', () => {
    const invalidateAll = vi.fn();
    refetchEverything(invalidateAll);
    vi.advanceTimersByTime(100);
    refetchEverything(invalidateAll);
    vi.advanceTimersByTime(100);
    expect(invalidateAll).toHaveBeenCalledTimes(2);
  });
});
