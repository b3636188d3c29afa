import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { describeError } from '../errors/describe-error.ts';
import { handleError, pathFromKey } from '../errors/handle-error.ts';
import { theme } from '../theme.ts';
import { createLinks } from '../trpc/links.ts';
import { trpc } from '../trpc/trpc.ts';

// Client errors (bad input, signed out, forbidden, not found) will not heal by asking again.
const noRetryCodes = new Set(['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE_CONTENT']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failed call goes through the shared handler, with the procedure path from its key.
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, { path: pathFromKey(query.queryKey) }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handleError(error, {
          path: pathFromKey(mutation.options.mutationKey),
          // A form that puts the server's field errors on its fields needs no toast on top.
          notify: describeError(error).fieldErrors === null,
        }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !noRetryCodes.has(describeError(error).code ?? ''),
      },
      mutations: { retry: false },
    },
  });
}

export type AppClients = { queryClient: QueryClient; trpcClient: ReturnType<typeof createTrpcClient> };

export function createTrpcClient() {
  return trpc.createClient({ links: createLinks() });
}

/**
 * Theme, notifications, React Query and the tRPC client for the whole app. The clients are made
 * before the first render (app.tsx), so the page's first answers are in the cache when it renders.
 */
export function AppProviders({ clients, children }: { clients: AppClients; children: ReactNode }) {
  const { queryClient, trpcClient } = clients;
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DeferredNotifications />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}

/**
 * Mantine's notifications, mounted after the app's first commit: their portal and transitions
 * re-render in that commit otherwise, a cost every page paid before it could answer a tap. A
 * notification shown earlier waits in Mantine's store and appears when they mount.
 */
function DeferredNotifications() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? <Notifications position="top-right" limit={4} /> : null;
}
