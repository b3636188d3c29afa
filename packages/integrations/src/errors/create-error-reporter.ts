// Picks the error reporter from the settings: Sentry when a DSN is set, else the log alone.
import type { ErrorReporter } from '@doppel/domain/ports';
import { createLogOnlyErrorReporter } from './log-error-reporter.ts';
import { createSentryErrorReporter, type SentryConfig } from './sentry-error-reporter.ts';

export type ErrorReporterConfig = Omit<SentryConfig, 'dsn'> & { dsn?: string };

export async function createErrorReporter(config: ErrorReporterConfig): Promise<ErrorReporter> {
  return config.dsn ? createSentryErrorReporter({ ...config, dsn: config.dsn }) : createLogOnlyErrorReporter();
}
