// apt-get for `npm test`'s own set-up (Chromium, PgBouncer), patient with the package lock: on a
// machine where another apt-get, dpkg or unattended-upgrades runs, apt-get fails at once ("Could
// not get lock /var/lib/dpkg/lock-frontend"). We wait for the lock instead, saying so, and give up
// with a clear message after a few minutes. apt's own `-o DPkg::Lock::Timeout` is not enough:
// `apt-get update` ignores it for the package lists' lock (apt 2.6), so one retry loop serves both.
import { spawnSync } from 'node:child_process';

export type AptResult = { status: number | null; stderr: string };
/** Runs apt-get with these arguments; the real one by default, a scripted one in tests. */
export type AptRunner = (args: string[]) => AptResult;

export type AptOptions = {
  say: (message: string) => void;
  run?: AptRunner;
  /** How long to wait for the lock in all. */
  timeoutMs?: number;
  /** Pause between attempts while the lock is held. */
  pollMs?: number;
  now?: () => number;
  sleep?: (ms: number) => void;
};

export const aptLockTimeoutMs = 5 * 60_000;
const aptLockPollMs = 5_000;

/** The arguments that install `pkg` without questions, or refresh the package lists first. */
export function aptGetArgs(action: 'update' | 'install', pkg?: string): string[] {
  return action === 'update' ? ['update', '-qq'] : ['install', '-y', '-qq', ...(pkg ? [pkg] : [])];
}

/**
 * What holds the package lock, from apt-get's error output ("/var/lib/dpkg/lock-frontend, held by
 * process 123 (apt-get)"), or undefined when apt-get failed for another reason.
 */
export function heldLock(stderr: string): string | undefined {
  const held = /Could not get lock (\S+?)\.? It is held by process (\d+)(?: \(([^)]+)\))?/.exec(stderr);
  if (held) return `${held[1]}, held by process ${held[2]}${held[3] ? ` (${held[3]})` : ''}`;
  const locked =
    /Could not get lock (\S+)|Unable to acquire the dpkg frontend lock \((\S+)\)|Unable to lock (?:the )?(?:administration )?directory (\S+)/.exec(
      stderr,
    );
  if (locked) return (locked[1] ?? locked[2] ?? locked[3] ?? '').replace(/[.,]$/, '');
  return undefined;
}

const minutes = (ms: number) => `${Math.round(ms / 6_000) / 10} min`;

const realRunner: AptRunner = (args) => {
  const result = spawnSync('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr ?? String(result.error ?? '') };
};

const blockingSleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Why apt-get failed: `lock` when the package lock stayed taken until the time-out. */
export type AptFailure = { reason: 'lock' | 'apt-get'; message: string };

/**
 * Runs apt-get, waiting up to `timeoutMs` while another process holds the package lock. Returns
 * undefined on success, else why it failed (with apt-get's own error output).
 */
export function aptGet(args: string[], options: AptOptions): AptFailure | undefined {
  const run = options.run ?? realRunner;
  const timeoutMs = options.timeoutMs ?? aptLockTimeoutMs;
  const pollMs = options.pollMs ?? aptLockPollMs;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? blockingSleep;
  const deadline = now() + timeoutMs;
  let waitingSince: number | undefined;
  let lastNotice = 0;
  for (;;) {
    const { status, stderr } = run(args);
    if (status === 0) {
      if (waitingSince !== undefined) options.say('the package lock is free; apt-get went ahead');
      return undefined;
    }
    const lock = heldLock(stderr);
    if (!lock) return { reason: 'apt-get', message: `apt-get ${args.join(' ')} failed: ${stderr.trim() || `exit ${status}`}` };
    if (now() >= deadline) {
      return {
        reason: 'lock',
        message:
          `apt-get ${args.join(' ')} could not get the package lock within ${minutes(timeoutMs)}: ${lock}. ` +
          'Let that process finish (or stop it) and run npm test again',
      };
    }
    if (waitingSince === undefined) {
      waitingSince = now();
      lastNotice = waitingSince;
      options.say(
        `waiting for the package lock (${lock}): another apt-get or dpkg is running; ` +
          `trying again every ${pollMs / 1000} s for up to ${minutes(timeoutMs)}`,
      );
    } else if (now() - lastNotice >= 60_000) {
      lastNotice = now();
      options.say(`still waiting for the package lock (${lock}); giving up in ${minutes(deadline - now())}`);
    }
    sleep(Math.min(pollMs, Math.max(0, deadline - now())));
  }
}
