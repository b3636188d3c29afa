import { describe, expect, it } from 'vitest';
import { type AptResult, aptGet, aptGetArgs, heldLock } from './apt-get.ts';

// apt-get's own words (apt 2.6) when another process holds a lock.
const frontendLocked =
  'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)\n' +
  'E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?\n';
const listsLocked =
  'E: Could not get lock /var/lib/apt/lists/lock. It is held by process 77 (unattended-upgr)\nE: Unable to lock directory /var/lib/apt/lists/\n';
const ok: AptResult = { status: 0, stderr: '' };
const locked: AptResult = { status: 100, stderr: frontendLocked };

/** apt-get as scripted by `answers` (the last one repeats), on a clock that only moves while we sleep. */
function scripted(answers: AptResult[]) {
  let time = 0;
  const calls: string[][] = [];
  const said: string[] = [];
  const options = {
    say: (message: string) => said.push(message),
    run: (args: string[]) => {
      calls.push(args);
      return answers[Math.min(calls.length - 1, answers.length - 1)] as AptResult;
    },
    now: () => time,
    sleep: (ms: number) => {
      time += ms;
    },
  };
  return { options, calls, said, elapsed: () => time };
}

describe('apt-get for npm test', () => {
  it('refreshes the lists and installs a package without questions', () => {
    expect(aptGetArgs('update')).toEqual(['update', '-qq']);
    expect(aptGetArgs('install', 'chromium')).toEqual(['install', '-y', '-qq', 'chromium']);
  });

  it('reads who holds the lock from what apt-get says', () => {
    expect(heldLock(frontendLocked)).toBe('/var/lib/dpkg/lock-frontend, held by process 4242 (apt-get)');
    expect(heldLock(listsLocked)).toBe('/var/lib/apt/lists/lock, held by process 77 (unattended-upgr)');
    // Older apt says less.
    expect(heldLock('E: Could not get lock /var/lib/dpkg/lock - open (11: Resource temporarily unavailable)')).toBe(
      '/var/lib/dpkg/lock',
    );
    expect(heldLock('E: Unable to locate package chromium\n')).toBeUndefined();
  });

  it('runs once when the lock is free', () => {
    const apt = scripted([ok]);
    expect(aptGet(aptGetArgs('install', 'pgbouncer'), apt.options)).toBeUndefined();
    expect(apt.calls).toHaveLength(1);
    expect(apt.said).toEqual([]);
  });

  it('waits while another apt-get holds the lock, says so once, and goes ahead when it is free', () => {
    const apt = scripted([locked, locked, locked, ok]);
    expect(aptGet(aptGetArgs('install', 'chromium'), apt.options)).toBeUndefined();
    expect(apt.calls).toHaveLength(4);
    expect(apt.said).toEqual([
      'waiting for the package lock (/var/lib/dpkg/lock-frontend, held by process 4242 (apt-get)): another apt-get or dpkg is running; trying again every 5 s for up to 5 min',
      'the package lock is free; apt-get went ahead',
    ]);
  });

  it('gives up after five minutes with a message that names the holder, reminding every minute meanwhile', () => {
    const apt = scripted([locked]);
    const failure = aptGet(aptGetArgs('install', 'chromium'), apt.options);
    expect(failure).toEqual({
      reason: 'lock',
      message:
        'apt-get install -y -qq chromium could not get the package lock within 5 min: /var/lib/dpkg/lock-frontend, held by process 4242 (apt-get). Let that process finish (or stop it) and run npm test again',
    });
    expect(apt.elapsed()).toBe(5 * 60_000);
    expect(apt.said.filter((line) => line.startsWith('still waiting'))).toHaveLength(4);
  });

  it('does not wait on other failures', () => {
    const apt = scripted([{ status: 100, stderr: 'E: Unable to locate package chromium\n' }]);
    const failure = aptGet(aptGetArgs('install', 'chromium'), apt.options);
    expect(failure).toEqual({
      reason: 'apt-get',
      message: 'apt-get install -y -qq chromium failed: E: Unable to locate package chromium',
    });
    expect(apt.calls).toHaveLength(1);
  });
});
