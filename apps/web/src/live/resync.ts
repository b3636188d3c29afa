/**
 * The live feed's "refetch everything" (apps/api/src/routers/live.ts): a stream that was away too
 * long, or resumed from a position the feed no longer keeps, gets this instead of the changes it
 * missed. Those may concern any screen, not only the stream's own scopes.
 */
export const resyncEntity = '*';

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Refetches every query once, shortly: after a reconnect each open stream of the page gets its own
 * resync, and one refetch serves them all.
 */
export function refetchEverything(invalidateAll: () => unknown, delayMs = 100): void {
  if (pending) return;
  pending = setTimeout(() => {
    pending = undefined;
    void invalidateAll();
  }, delayMs);
}
