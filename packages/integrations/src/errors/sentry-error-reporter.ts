// Error reporting to a Sentry-compatible DSN (Sentry, GlitchTip, a self-hosted relay) with the
// official @sentry/node SDK.
//
// A client of our own rather than Sentry.init(): init installs the default integrations, which
// patch http, fetch, console and the module loader and add global exception handlers. We only want
// the events we hand over, so the client carries just linked errors (the `cause` chain, e.g. the
// failed query behind an error) and is reached through its own scope, never global state. The SDK
// is imported only when a DSN is set, so a process without one does not pay for loading it.
import { scrubbedError } from '@doppel/db';
import type { ErrorContext, ErrorReporter } from '@doppel/domain/ports';

export type SentryConfig = {
  /** `https://<key>@<host>/<project id>` */
  dsn: string;
  environment?: string;
  /** The app version, so an event names the build it came from. */
  release?: string;
  /** Tagged on every event: `api` or `worker`. */
  service: string;
};

const defaultFlushMs = 2_000;

export async function createSentryErrorReporter(config: SentryConfig): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration()],
    // No user, cookies, headers, query strings or bodies: events carry only what we hand over.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // Client reports run a timer and talk to the DSN on their own; we report events only.
    sendClientReports: false,
    // The load-time hooks into other modules feed tracing integrations we do not install.
    enableRuntimeChannelInjection: false,
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  scope.setTag('service', config.service);
  client.init();

  return {
    kind: 'sentry',
    capture(error, context: ErrorContext = {}) {
      const eventScope = scope.clone();
      for (const [name, value] of Object.entries(context.tags ?? {}))
        if (value !== undefined) eventScope.setTag(name, String(value));
      if (context.extra) eventScope.setContext('details', context.extra);
      // The tracker gets what the log gets: no failed statement's SQL or parameters, no row values.
      eventScope.captureException(scrubbedError(error));
    },
    flush: async (timeoutMs = defaultFlushMs) => await client.flush(timeoutMs),
    close: async (timeoutMs = defaultFlushMs) => await client.close(timeoutMs),
  };
}
