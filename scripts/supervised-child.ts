// One child process of `npm start` (the API or the worker), kept running: a crash is restarted
// after a back-off while the other children go on serving, and a stop waits for the child to exit
// (SIGKILL after a grace period), so the supervisor can stop Postgres only once nobody uses it.
import { type ChildProcess, spawn } from 'node:child_process';
import { formatSeconds, nextRestartDelayMs, type RestartBackoff, restartBackoff } from './restart-backoff.ts';

export type SupervisedChildOptions = {
  name: string;
  /** The Node script to run, and its working folder and environment. */
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  say: (message: string) => void;
  /**
   * Asked when the child exits without being stopped: true restarts it after the back-off; false
   * leaves it down and calls `onGiveUp` (during start-up, where a crash means a bad setting that
   * would only crash again).
   */
  restartOnCrash: () => boolean;
  onGiveUp: (reason: string) => void;
  backoff?: RestartBackoff;
};

export type SupervisedChild = {
  /**
   * Stops restarting, sends SIGTERM and resolves once the child has exited; a child still running
   * after `graceMs` is killed with SIGKILL.
   */
  stop: (graceMs: number) => Promise<void>;
};

function isRunning(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

export function superviseChild(options: SupervisedChildOptions): SupervisedChild {
  const { name, say } = options;
  const backoff = options.backoff ?? restartBackoff;
  let child: ChildProcess | undefined;
  let startedAt = 0;
  let lastDelayMs: number | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopping = false;

  function launch(): void {
    const spawned = spawn(process.execPath, [options.script], { cwd: options.cwd, env: options.env, stdio: 'inherit' });
    child = spawned;
    startedAt = Date.now();
    say(`${name} ${lastDelayMs === undefined ? 'started' : 'restarted'} (pid ${spawned.pid})`);
    spawned.once('exit', (code, signal) => {
      const how = signal ?? `code ${code}`;
      if (stopping) {
        say(`${name} stopped (${how})`);
        return;
      }
      if (!options.restartOnCrash()) {
        options.onGiveUp(`${name} exited unexpectedly (${how})`);
        return;
      }
      const ranForMs = Date.now() - startedAt;
      const delayMs = nextRestartDelayMs(lastDelayMs, ranForMs, backoff);
      lastDelayMs = delayMs;
      say(
        `${name} exited unexpectedly (${how}) after ${formatSeconds(ranForMs)}; restarting it in ${formatSeconds(delayMs)} ` +
          `(back-off ${formatSeconds(backoff.firstMs)} doubling to ${formatSeconds(backoff.maxMs)}, ` +
          `reset after ${formatSeconds(backoff.stableAfterMs)} of stable running)`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (!stopping) launch();
      }, delayMs);
    });
  }

  launch();
  return {
    stop(graceMs) {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!isRunning(running)) return Promise.resolve();
      return new Promise<void>((done) => {
        const killer = setTimeout(() => {
          say(`${name} did not stop within ${formatSeconds(graceMs)}; killing it`);
          running.kill('SIGKILL');
        }, graceMs);
        running.once('exit', () => {
          clearTimeout(killer);
          done();
        });
        running.kill('SIGTERM');
      });
    },
  };
}
