import type { AppRouter } from '@doppel/api';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCLink } from '@trpc/client';

const endpoint = '/trpc';

// The session is an httpOnly cookie on the same origin, so every call sends credentials.
const fetchWithCredentials: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'include' });

/** Subscriptions go over SSE (resumed from the last event id on reconnect); everything else is batched. */
export function createLinks(): TRPCLink<AppRouter>[] {
  return [
    splitLink({
      condition: (operation) => operation.type === 'subscription',
      true: httpSubscriptionLink({ url: endpoint, eventSourceOptions: { withCredentials: true } }),
      false: httpBatchLink({ url: endpoint, fetch: fetchWithCredentials }),
    }),
  ];
}

/**
 * A plain client outside React Query, for error reporting: its failures must never loop back
 * into the query cache's error handler.
 */
export const vanillaClient = createTRPCClient<AppRouter>({ links: createLinks() });
