import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { handleError } from '../errors/handle-error.ts';
import { trpc } from '../trpc/trpc.ts';
import { refetchEverything, resyncEntity } from './resync.ts';

/** One change announced by the API: which row of which table changed, and the scopes it touched. */
export type LiveEvent = {
  /** Event sequence; tRPC sends it back as lastEventId when the stream reconnects, so nothing is lost. */
  id: string;
  data: { entity: string; rowId: string; scopes: string[] };
};

/**
 * Subscribes to the live change stream for `scopes` ('app', 'user:{id}', 'talent:{id}', 'chat:{id}',
 * 'admin') and calls `onEvent` for each change. Re-subscribes when the set of scopes changes; an empty
 * set subscribes to nothing. A resync (entity '*': the stream missed too much) refetches every
 * query of the page, and still reaches `onEvent`.
 */
export function useLive(scopes: readonly string[], onEvent: (event: LiveEvent) => void): void {
  // Order and duplicates do not change what is watched, so they must not restart the stream.
  const scopeKey = [...new Set(scopes)].sort().join(' ');
  const stableScopes = useMemo(() => (scopeKey ? scopeKey.split(' ') : []), [scopeKey]);

  // The latest callback without restarting the stream whenever the caller re-renders.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  const queryClient = useQueryClient();
  trpc.live.events.useSubscription(
    { scopes: stableScopes },
    {
      enabled: stableScopes.length > 0,
      onData: (event: LiveEvent) => {
        if (event.data.entity === resyncEntity) refetchEverything(() => queryClient.invalidateQueries());
        handler.current(event);
      },
      onError: (error) => handleError(error, { path: 'live.events' }),
    },
  );
}

/**
 * Calls `invalidate` when anything in `scopes` changes, coalescing a burst of events (one write
 * often touches several rows) into one refetch.
 */
export function useLiveInvalidate(scopes: readonly string[], invalidate: () => void, delayMs = 100): void {
  const latest = useRef(invalidate);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = invalidate;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useLive(scopes, () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  });
}
