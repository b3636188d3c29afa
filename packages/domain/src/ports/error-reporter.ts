// Port of error reporting (docs/deploy.md#error-reporting-and-metrics): failures nobody asked for (an internal error behind
// a generic answer, a job that threw) reach an error tracker with enough to find their log lines.
// The adapter (packages/integrations/src/errors) sends them to a Sentry-compatible DSN; without one
// the structured log line the caller writes is the whole report.

/**
 * What goes with a report. Tags are short searchable values (error id, request id, job name and id,
 * route); never cookies, tokens, email addresses or message text, which a tracker keeps for months.
 */
export type ErrorContext = {
  tags?: Record<string, string | number | undefined>;
  /** Further plain details shown beside the event (still no personal data). */
  extra?: Record<string, unknown>;
};

export type ErrorReporter = {
  readonly kind: 'sentry' | 'log';
  /** Hands the error over in the background; never throws and never waits for the network. */
  capture: (error: unknown, context?: ErrorContext) => void;
  /** Waits until reports in flight are sent (or the time is up); true when all went out. */
  flush: (timeoutMs?: number) => Promise<boolean>;
  /** Flushes, then releases the client (its exit hook); for a graceful shutdown. */
  close: (timeoutMs?: number) => Promise<boolean>;
};
