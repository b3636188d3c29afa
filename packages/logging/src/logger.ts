// The one logger of every process (the API, the worker, the ops CLI) and of the packages they hand
// it to: pino underneath, as Fastify's own, so every line has one shape, a JSON object with
// `level` (its name), `time` (ISO 8601), `service`, `msg` and the line's fields. Lines at warn and
// above go to stderr, the rest to stdout.
import { loggableError } from '@doppel/db';
import type { LogLevel } from '@doppel/validation';
import { type DestinationStream, type LoggerOptions, multistream, type Logger as PinoLogger, pino, stdTimeFunctions } from 'pino';

export type LogFields = Record<string, unknown>;
type LogMethod = (message: string, fields?: LogFields) => void;

/** What our code logs through: a message, then the line's fields. */
export type Logger = { trace: LogMethod; debug: LogMethod; info: LogMethod; warn: LogMethod; error: LogMethod };

export type PinoLoggerOptions = {
  level: LogLevel;
  /** Fields on every line, `service` (api, worker, ops) first among them. */
  bindings?: LogFields;
  /** pino's serializers by field name (the API's `req`). */
  serializers?: LoggerOptions['serializers'];
  /** pino's hooks (the API's outage filter sees each line's arguments before they are written). */
  hooks?: LoggerOptions['hooks'];
};

/** Errors as loggableError has them, in whichever field: no failed statement's SQL or parameters, no row values. */
const loggableValue = (value: unknown) => (value instanceof Error ? loggableError(value) : value);

function loggableFields(fields: LogFields): LogFields {
  const loggable: LogFields = {};
  for (const [key, value] of Object.entries(fields)) loggable[key] = loggableValue(value);
  return loggable;
}

/** stdout below warn, stderr from warn up; looked up per line, so a test can capture process.stdout.write. */
function standardStreams(): DestinationStream {
  return multistream(
    [
      { level: 'trace', stream: process.stdout },
      { level: 'warn', stream: process.stderr },
    ],
    { dedupe: true },
  );
}

/** The pino instance itself, for Fastify (`loggerInstance`); our own code takes `asLogger` of it. */
export function createPinoLogger(options: PinoLoggerOptions): PinoLogger {
  return pino(
    {
      level: options.level,
      base: options.bindings ?? {},
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: loggableFields },
      // In place of pino's own `err` serializer, which would rebuild the error from what is left of it.
      serializers: { err: loggableValue, ...options.serializers },
      ...(options.hooks ? { hooks: options.hooks } : {}),
    },
    standardStreams(),
  );
}

/** Our message-first methods over a pino logger (Fastify's app.log, a request's child). */
export function asLogger(log: Pick<PinoLogger, 'trace' | 'debug' | 'info' | 'warn' | 'error'>): Logger {
  return {
    trace: (message, fields) => log.trace(fields ?? {}, message),
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}

/** A logger at or above `level`, with `bindings` on every line. */
export function createLogger(level: LogLevel = 'info', bindings: LogFields = {}): Logger {
  return asLogger(createPinoLogger({ level, bindings }));
}

/** Discards everything; for callers that pass no logger. */
export const silentLogger: Logger = { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The same logger with `fields` on every line (a job's request id). */
export function withLogFields(log: Logger, fields: LogFields): Logger {
  return {
    trace: (message, more) => log.trace(message, { ...fields, ...more }),
    debug: (message, more) => log.debug(message, { ...fields, ...more }),
    info: (message, more) => log.info(message, { ...fields, ...more }),
    warn: (message, more) => log.warn(message, { ...fields, ...more }),
    error: (message, more) => log.error(message, { ...fields, ...more }),
  };
}
