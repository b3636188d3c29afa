// Sending at a bounded rate: push services throttle (and may block) a sender that floods them, and
// a broadcast reaches thousands of browsers at once.

export type PaceOptions = {
  /** Starts per second, evenly spaced (50 means one every 20 ms). */
  ratePerSecond: number;
  /** Calls running at once; a slow push service then slows the sending instead of piling up sockets. */
  concurrency: number;
};

/** Waits until performance.now() reaches `time`: a timer alone may fire a millisecond early. */
async function sleepUntil(time: number): Promise<void> {
  for (let left = time - performance.now(); left > 0; left = time - performance.now()) {
    await new Promise<void>((resolve) => setTimeout(resolve, Math.ceil(left)));
  }
}

/**
 * Calls `work` once for every item, starting at most `ratePerSecond` of them per second and running
 * at most `concurrency` at once. Items are taken in order (two lanes' timers may start neighbours
 * in either order). Rejects with the first error `work` throws; the lanes still running finish
 * their current item and take no more.
 */
export async function forEachPaced<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  options: PaceOptions,
): Promise<void> {
  if (!(options.ratePerSecond > 0)) throw new RangeError(`ratePerSecond must be positive, not ${options.ratePerSecond}`);
  const interval = 1000 / options.ratePerSecond;
  const lanes = Math.max(1, Math.min(Math.floor(options.concurrency), items.length));
  let next = 0;
  let nextStart = performance.now();
  let failed = false;

  const lane = async () => {
    while (next < items.length && !failed) {
      const item = items[next] as T;
      next += 1;
      // The slot is taken before the wait, so lanes never share one.
      const now = performance.now();
      const start = Math.max(nextStart, now);
      nextStart = start + interval;
      await sleepUntil(start);
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}
