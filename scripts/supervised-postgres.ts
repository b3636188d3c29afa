// The embedded Postgres of `npm start`, watched like the API and worker (supervised-child.ts): a
// server that exits unexpectedly (kill -9, the out-of-memory killer) is said so in one line and
// started again after the same back-off (restart-backoff.ts), and one line says when it is back.
// Crash recovery replays the write-ahead log, so every committed write survives. A restart can
// fail for a moment (the dead server's last sessions still hold its shared memory): each failure is
// one line, and the next try waits twice as long. A stop says what it did: stopping a server that
// runs, or nothing for one that is down.
import { type PostgresExit, startEmbeddedPostgresProcess } from '@doppel/db';
import { formatSeconds, nextRestartDelayMs, type RestartBackoff, restartBackoff } from './restart-backoff.ts';

export type SupervisedPostgresOptions = {
  dataDir: string;
  port: number;
  say: (message: string) => void;
  backoff?: RestartBackoff;
};

export type SupervisedPostgres = {
  url: string;
  /** Set when, as root, the binaries or the cluster had to move (see EmbeddedServer.note). */
  note?: string;
  /** Stops restarting; stops the server if it runs, and says which it was. */
  stop: () => Promise<void>;
};

/** Postgres's reason for refusing to start, out of its whole output: the FATAL line when there is one. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const fatal = text.split('\n').find((line) => line.includes('FATAL:'));
  return (fatal ?? text.split('\n')[0] ?? text).trim();
}

function describeExit({ code, signal }: PostgresExit): string {
  return signal ?? `code ${code}`;
}

export async function superviseEmbeddedPostgres(options: SupervisedPostgresOptions): Promise<SupervisedPostgres> {
  const { say } = options;
  const backoff = options.backoff ?? restartBackoff;
  let startedAt = Date.now();
  let lastDelayMs: number | undefined;
  /** Set while the server is down: how it exited and since when. */
  let down: { exit: PostgresExit; since: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  let stopping = false;

  const retryLater = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopping) attempt = restart().finally(() => (attempt = undefined));
    }, delayMs);
  };

  const restart = async () => {
    try {
      await server.restart();
      const downForMs = Date.now() - (down?.since ?? Date.now());
      down = undefined;
      startedAt = Date.now();
      say(`Postgres is back (pid ${server.pid() ?? 'unknown'}), ${formatSeconds(downForMs)} after it exited`);
    } catch (error) {
      if (stopping) return;
      // A start that failed ran for no time: the pause doubles.
      const delayMs = nextRestartDelayMs(lastDelayMs, 0, backoff);
      lastDelayMs = delayMs;
      say(`Postgres did not start again (${reasonOf(error)}); trying again in ${formatSeconds(delayMs)}`);
      retryLater(delayMs);
    }
  };

  const onUnexpectedExit = (exit: PostgresExit) => {
    if (stopping) return;
    down = { exit, since: Date.now() };
    const ranForMs = Date.now() - startedAt;
    const delayMs = nextRestartDelayMs(lastDelayMs, ranForMs, backoff);
    lastDelayMs = delayMs;
    say(
      `Postgres exited unexpectedly (${describeExit(exit)}) after ${formatSeconds(ranForMs)}; restarting it in ` +
        `${formatSeconds(delayMs)} (the API and worker wait for it)`,
    );
    retryLater(delayMs);
  };

  const server = await startEmbeddedPostgresProcess({ dataDir: options.dataDir, port: options.port, onUnexpectedExit });
  startedAt = Date.now();
  return {
    url: server.url,
    ...(server.note ? { note: server.note } : {}),
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await attempt;
      if (down) {
        say(
          `Postgres is not running (it exited unexpectedly, ${describeExit(down.exit)}, and did not come back); nothing to stop`,
        );
      } else {
        say('stopping Postgres');
      }
      // Also when down: the process that watched it exits.
      await server.stop().catch((error: unknown) => say(`could not stop Postgres cleanly: ${String(error)}`));
    },
  };
}
