// A process notes here each failure that says its database cannot be reached. During an outage (a
// restart, a crash, a lost network) every poll, queue and request fails at once and again, each
// with an error line and a stack: after a kill -9 of Postgres that was some 2,450 lines in 37 s,
// in which the one that mattered (the database is gone) drowned. Here the first failure of an
// outage becomes one line, the rest are only counted, and a probe (one small query a second) finds
// the moment the database answers again, which is one more line. What callers answer does not
// change: they still fail at once (the API with 503).
import { isDatabaseUnreachable } from './errors.ts';

export type OutageWatchOptions = {
  /** A small query; resolving means the database answers again. */
  probe: () => Promise<unknown>;
  /** Writes the outage's first line, with the code of the failure that began it (ECONNREFUSED, 57P01). */
  onDown: (errorCode: string | undefined) => void;
  /** Writes its last line: how long it lasted, and how many failures were not logged one by one. */
  onBack: (outage: { downForMs: number; quietFailures: number }) => void;
  probeIntervalMs?: number;
};

export type OutageWatch = {
  /**
   * True when `error` says the database cannot be reached: it is counted in the outage (the first
   * one begins it) and the caller logs nothing. False for any other error, which is logged as usual.
   */
  absorbs: (error: unknown) => boolean;
  /** Stops probing, for a process that stops; failures are logged one by one again. */
  stop: () => void;
};

/**
 * Codes that isDatabaseUnreachable counts as "unavailable for the moment" but that belong to one
 * statement, not to the server: a statement cancelled by its time limit, a transaction left idle
 * too long. The database answers; each such failure keeps its own line.
 */
const oneStatementCodes = new Set(['57014', '25P03']);

/** The first code in the error's cause chain (drizzle wraps the driver's error). */
function codeOf(error: unknown): string | undefined {
  for (let current = error; current !== null && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function beginsOrIsPartOfOutage(error: unknown): boolean {
  if (!isDatabaseUnreachable(error)) return false;
  const code = codeOf(error);
  return code === undefined || !oneStatementCodes.has(code);
}

export function watchDatabaseOutages(options: OutageWatchOptions): OutageWatch {
  const probeIntervalMs = options.probeIntervalMs ?? 1_000;
  let outage: { since: number; quietFailures: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const probeLater = () => {
    timer = setTimeout(() => {
      timer = undefined;
      options.probe().then(
        () => {
          if (stopped || !outage) return;
          const { since, quietFailures } = outage;
          outage = undefined;
          options.onBack({ downForMs: Date.now() - since, quietFailures });
        },
        () => {
          if (!stopped) probeLater();
        },
      );
    }, probeIntervalMs);
    // A probe pending must not keep a stopping process alive.
    timer.unref();
  };

  return {
    absorbs(error) {
      if (stopped || !beginsOrIsPartOfOutage(error)) return false;
      if (outage) {
        outage.quietFailures += 1;
        return true;
      }
      outage = { since: Date.now(), quietFailures: 0 };
      options.onDown(codeOf(error));
      probeLater();
      return true;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
