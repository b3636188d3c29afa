import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { describeError } from '../errors/describe-error.ts';
import { handleError, pathFromKey } from '../errors/handle-error.ts';
import { theme } from '../theme.ts';
import { createLinks } from '../trpc/links.ts';
import { trpc } from '../trpc/trpc.ts';

// Client errors (bad input, signed out, forbidden, not found) will not heal by asking again.
const noRetryCodes = new Set(['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE_CONTENT']);

function createQueryClient(): QueryClient {
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

/** Theme, notifications, React Query and the tRPC client for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => trpc.createClient({ links: createLinks() }));
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={4} />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
