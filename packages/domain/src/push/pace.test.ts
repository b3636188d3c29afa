import { describe, expect, it } from 'vitest';
import { forEachPaced } from './pace.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('forEachPaced', () => {
  it('handles every item exactly once', async () => {
    const started: number[] = [];
    await forEachPaced([1, 2, 3, 4, 5, 6, 7], async (item) => void started.push(item), { ratePerSecond: 1000, concurrency: 3 });
    expect(started.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('spaces the starts by 1/rate: the nth start of 6 at 50 per second comes n intervals of 20 ms in', async () => {
    const starts: number[] = [];
    const began = performance.now();
    await forEachPaced([1, 2, 3, 4, 5, 6], async () => void starts.push(performance.now()), {
      ratePerSecond: 50,
      concurrency: 6,
    });
    for (let index = 1; index < starts.length; index++) {
      expect((starts[index] ?? 0) - began, `start ${index}`).toBeGreaterThanOrEqual(index * 20);
    }
  });

  it('never runs more than `concurrency` at once, even when the rate would allow it', async () => {
    let running = 0;
    let most = 0;
    await forEachPaced(
      Array.from({ length: 12 }, (_, index) => index),
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(15);
        running -= 1;
      },
      { ratePerSecond: 10_000, concurrency: 3 },
    );
    expect(most).toBe(3);
  });

  it('stops taking new items after a failure and rejects with it', async () => {
    const seen: number[] = [];
    const run = forEachPaced(
      [1, 2, 3, 4, 5],
      async (item) => {
        seen.push(item);
        if (item === 2) throw new Error('database gone');
      },
      { ratePerSecond: 1000, concurrency: 1 },
    );
    await expect(run).rejects.toThrow('database gone');
    expect(seen).toEqual([1, 2]);
  });

  it('does nothing for no items and refuses a rate that is not positive', async () => {
    await forEachPaced([], async () => undefined, { ratePerSecond: 1, concurrency: 1 });
    await expect(forEachPaced([1], async () => undefined, { ratePerSecond: 0, concurrency: 1 })).rejects.toThrow(RangeError);
  });
});
