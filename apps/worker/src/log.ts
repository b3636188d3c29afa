// Structured one-line JSON logs (the error-reporting fallback, docs/deploy.md#error-reporting-and-metrics).
import { loggableError } from '@doppel/db';
import type { LogLevel } from './env.ts';

export type LogFields = Record<string, unknown>;
export type Logger = {
  debug: (message: string, fields?: LogFields) => void;
  info: (message: string, fields?: LogFields) => void;
  warn: (message: string, fields?: LogFields) => void;
  error: (message: string, fields?: LogFields) => void;
};

// Pino's numbers: a threshold of trace or debug lets every line through, fatal only what is fatal.
const rank: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

/** Errors as loggableError has them: no failed statement's SQL or parameters, no row values. */
function serialise(value: unknown): unknown {
  if (value instanceof Error) return loggableError(value);
  return value;
}

/** A logger that writes JSON lines (warn and error to stderr) at or above `level`. */
export function createLogger(level: LogLevel = 'info', bindings: LogFields = {}): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields: LogFields = {}) => {
    if (rank[at] < rank[level]) return;
    const entry: LogFields = { time: new Date().toISOString(), level: at, msg: message, ...bindings };
    for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
    const line = `${JSON.stringify(entry)}\n`;
    if (rank[at] >= rank.warn) process.stderr.write(line);
    else process.stdout.write(line);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** Discards everything; for callers that pass no logger. */
export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The same logger with `fields` on every line (a job's request id). */
export function withLogFields(log: Logger, fields: LogFields): Logger {
  return {
    debug: (message, more) => log.debug(message, { ...fields, ...more }),
    info: (message, more) => log.info(message, { ...fields, ...more }),
    warn: (message, more) => log.warn(message, { ...fields, ...more }),
    error: (message, more) => log.error(message, { ...fields, ...more }),
  };
}
