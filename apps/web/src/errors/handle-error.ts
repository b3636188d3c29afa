import { notifications } from '@mantine/notifications';
import { vanillaClient } from '../trpc/links.ts';
import { describeError } from './describe-error.ts';
import { truncateMessage } from './truncate-message.ts';

export type ErrorContext = {
  /** The tRPC path of the failed call when the error does not name it, e.g. from the query key. */
  path?: string;
  /** False when the screen already shows the error itself (a field error, an error panel). */
  notify?: boolean;
};

const recentlyShown = new Map<string, number>();
const repeatWindowMs = 5_000;

/**
 * The one place every failed call goes (docs/product-rules.md#errors-and-success-messages): a notification with the text cut to 100 characters,
 * and a report to the API with the call path (or the route when there is no call).
 */
export function handleError(error: unknown, context: ErrorContext = {}): void {
  const described = describeError(error);
  const path = described.path ?? context.path ?? `route:${window.location.pathname}`;

  if (context.notify !== false && !shownRecently(described.message)) {
    notifications.show({
      color: 'red',
      title: 'Something went wrong',
      message: truncateMessage(described.message),
      autoClose: 6_000,
    });
  }

  // The error id ties the report to the server's log line with the details.
  const message = described.errorId ? `${described.message} (error id ${described.errorId})` : described.message;
  report({ message: message.slice(0, 2000), path: path.slice(0, 300), stack: described.stack?.slice(0, 10_000) });
}

// A burst of the same failure (a refetch storm, a reconnecting stream) shows one notification.
function shownRecently(message: string): boolean {
  const now = Date.now();
  const last = recentlyShown.get(message);
  recentlyShown.set(message, now);
  return last !== undefined && now - last < repeatWindowMs;
}

function report(input: { message: string; path: string; stack: string | undefined }): void {
  vanillaClient.system.reportError
    .mutate({ ...input, url: window.location.href.slice(0, 2000) })
    // Reporting is best effort: a failure here must not raise another error.
    .catch(() => undefined);
}

/** The tRPC path in a query or mutation key made by @trpc/react-query (`[['auth', 'me'], {...}]`). */
export function pathFromKey(key: readonly unknown[] | undefined): string | undefined {
  const first = key?.[0];
  return Array.isArray(first) && first.every((part) => typeof part === 'string') ? first.join('.') : undefined;
}
