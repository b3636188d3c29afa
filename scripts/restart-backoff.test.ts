import { describe, expect, it } from 'vitest';
import { formatSeconds, nextRestartDelayMs, restartBackoff } from './restart-backoff.ts';

describe('restart back-off of npm start', () => {
  it('restarts a first crash after a second, and doubles the pause while the child keeps crashing, up to 30 s', () => {
    const pauses: number[] = [];
    let previous: number | undefined;
    for (let crash = 0; crash < 8; crash++) {
      previous = nextRestartDelayMs(previous, 2_000);
      pauses.push(previous);
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts over at a second once the child ran a minute before crashing', () => {
    expect(nextRestartDelayMs(30_000, 59_999)).toBe(30_000);
    expect(nextRestartDelayMs(30_000, 60_000)).toBe(1_000);
    expect(nextRestartDelayMs(8_000, 10 * 60_000)).toBe(restartBackoff.firstMs);
  });

  it('formats pauses for the log', () => {
    expect(formatSeconds(1_000)).toBe('1 s');
    expect(formatSeconds(30_000)).toBe('30 s');
    expect(formatSeconds(1_540)).toBe('1.5 s');
  });
});
