// The offline default of the error-reporting port: no tracker, so the structured log line the caller
// writes (with the error id, request id or job) is the report. Nothing to send, nothing to flush.
import type { ErrorReporter } from '@doppel/domain/ports';

export function createLogOnlyErrorReporter(): ErrorReporter {
  return { kind: 'log', capture: () => {}, flush: async () => true, close: async () => true };
}
