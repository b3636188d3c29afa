import type { ChatOpenOutput, Me } from '@doppel/validation';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { handleError } from './errors/handle-error.ts';
import { type OpenChatResult, openChatKey } from './layouts/fan/use-open-chat.ts';
import { type AppClients, AppProviders, createQueryClient, createTrpcClient } from './providers/app-providers.tsx';
import { AppRoot } from './shell/app-root.tsx';
import type { DashboardLayout } from './shell/dashboard-calls.ts';
import type { EarlyCalls } from './shell/early-calls.ts';
import { loadRouteLayout } from './shell/lazy-layouts.ts';
import { forgetSeededChat, seedOpenedChat } from './shell/seeded-chat.ts';

/** How long the app waits for the page's early calls before it renders without them. */
const earlyCallsWaitMs = 8_000;

/** Puts the answers of the entry's early calls where the app's hooks read them. */
function seedEarlyCalls(clients: AppClients, calls: EarlyCalls): void {
  const utils = createTRPCQueryUtils({ queryClient: clients.queryClient, client: clients.trpcClient });
  if (calls.systemInfo)
    utils.system.info.setData(undefined, calls.systemInfo.data as ReturnType<typeof utils.system.info.getData>);
  if (calls.me) utils.auth.me.setData(undefined, calls.me.data as Me | null);
  for (const read of calls.dashboard ?? []) {
    // The key tRPC's hooks give the read (its getQueryKey): the path's parts, the input, the kind;
    // an infinite list holds its first page, asked for with tRPC's first cursor (null).
    const key = [
      read.path.split('.'),
      { ...(read.input === undefined ? {} : { input: read.input }), type: read.infinite ? 'infinite' : 'query' },
    ];
    clients.queryClient.setQueryData(key, read.infinite ? { pages: [read.data], pageParams: [null] } : read.data);
  }
  const chat = calls.chatOpen;
  if (!chat) return;
  let result: OpenChatResult = { kind: 'not-found' };
  if (chat.answer.kind === 'open') {
    const me = chat.answer.me as Me;
    utils.auth.me.setData(undefined, me);
    result = { kind: 'open', opened: { ...(chat.answer.opened as ChatOpenOutput), fanId: me.id } };
  }
  seedOpenedChat(chat.talentTag, result);
  // Once the messenger's query holds the answer, it is the query's alone (see seeded-chat.ts).
  const key = JSON.stringify(openChatKey(chat.talentTag));
  const stop = clients.queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || JSON.stringify(event.query.queryKey) !== key) return;
    forgetSeededChat();
    stop();
  });
}

/** The whole app, loaded by main.tsx once the page has painted, with the page's first calls. */
export async function startApp(
  container: HTMLElement,
  earlyCalls: Promise<EarlyCalls>,
  layout: Promise<DashboardLayout | null>,
): Promise<void> {
  // Errors outside React Query (event handlers, timers, stray promises) reach the same handler.
  window.addEventListener('error', (event) => handleError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => handleError(event.reason));

  const clients: AppClients = { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
  // The calls started with the app's download, and the route's layout (its chunk is on its way
  // too): the page the server sent stays up meanwhile, and the app's page then commits once.
  const [calls] = await Promise.all([
    // A stalled connection must not keep the app from starting: its hooks then call for themselves.
    Promise.race([
      earlyCalls,
      new Promise<EarlyCalls>((resolve) => window.setTimeout(() => resolve({}), earlyCallsWaitMs)),
    ]).catch(() => ({})),
    // A layout that fails to load is the lazy layout's to report, once the app runs.
    loadRouteLayout(window.location.pathname, layout).catch(() => undefined),
  ]);
  seedEarlyCalls(clients, calls);

  const root = createRoot(container);
  // A transition renders in slices of a few milliseconds that yield to the browser, instead of one
  // long task: the page (the server's first paint) answers taps while the app builds behind it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders clients={clients}>
          <ErrorBoundary>
            <BrowserRouter>
              <AppRoot />
            </BrowserRouter>
          </ErrorBoundary>
        </AppProviders>
      </StrictMode>,
    ),
  );
}
