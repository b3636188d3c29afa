// How long `npm start` waits before restarting a crashed API, worker or embedded Postgres. Quick
// enough that a single crash costs a second or two; doubling, so a process that crashes at once
// again and again (a bad release, a full disk) does not spin; and forgiving, so a crash after a
// long healthy run starts again at the shortest pause.

export type RestartBackoff = {
  /** Pause before the first restart. */
  firstMs: number;
  /** The doubling stops here. */
  maxMs: number;
  /** A child that ran this long before crashing counts as stable: its next pause is `firstMs` again. */
  stableAfterMs: number;
};

export const restartBackoff: RestartBackoff = { firstMs: 1_000, maxMs: 30_000, stableAfterMs: 60_000 };

/**
 * The pause before restarting a child that crashed after running `ranForMs`, given the pause
 * before its previous restart (undefined when it never crashed before).
 */
export function nextRestartDelayMs(
  previousDelayMs: number | undefined,
  ranForMs: number,
  backoff: RestartBackoff = restartBackoff,
): number {
  if (previousDelayMs === undefined || ranForMs >= backoff.stableAfterMs) return backoff.firstMs;
  return Math.min(previousDelayMs * 2, backoff.maxMs);
}

/** "1 s", "30 s", "1.5 s": for the supervisor's log lines. */
export function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
