import type { AppRouter } from '@doppel/api';
import { maxCallsPerBatch, unbatchedCallPaths } from '@doppel/validation';
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink, type TRPCLink } from '@trpc/client';
import { isEmbedded } from '../embed/embedded.ts';

const endpoint = '/trpc';

// The session is an httpOnly cookie on the same origin, so every call sends credentials.
const fetchWithCredentials: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'include' });

/**
 * Framed on a creator's site (/embed/<tag>), the app says so: a session it begins there gets a
 * cookie the browser sends from that frame (docs/embed.md).
 */
const headers = () => (isEmbedded() ? { 'x-doppel-embed': '1' } : {});

/**
 * Subscriptions go over SSE (resumed from the last event id on reconnect); the few calls the API
 * accepts only on their own (unbatchedCallPaths) each get a request; everything else is batched,
 * at most maxCallsPerBatch calls a request, the most the API takes.
 */
export function createLinks(): TRPCLink<AppRouter>[] {
  return [
    splitLink({
      condition: (operation) => operation.type === 'subscription',
      true: httpSubscriptionLink({ url: endpoint, eventSourceOptions: { withCredentials: true } }),
      false: splitLink({
        condition: (operation) => unbatchedCallPaths.includes(operation.path),
        true: httpLink({ url: endpoint, fetch: fetchWithCredentials, headers }),
        false: httpBatchLink({ url: endpoint, fetch: fetchWithCredentials, headers, maxItems: maxCallsPerBatch }),
      }),
    }),
  ];
}

/**
 * A plain client outside React Query, for error reporting: its failures must never loop back
 * into the query cache's error handler.
 */
export const vanillaClient = createTRPCClient<AppRouter>({ links: createLinks() });
