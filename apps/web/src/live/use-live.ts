import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { handleError } from '../errors/handle-error.ts';
import { vanillaClient } from '../trpc/links.ts';
import { createLiveHub, type LiveEvent } from './live-hub.ts';
import { refetchEverything, resyncEntity } from './resync.ts';

export type { LiveEvent } from './live-hub.ts';

/** The tab's one live stream (see live-hub.ts), shared by every watching component. */
const liveHub = createLiveHub(
  (scopes, handlers) => {
    const subscription = vanillaClient.live.events.subscribe(
      { scopes },
      { onData: handlers.onData, onStarted: handlers.onStarted, onError: handlers.onError },
    );
    return { close: () => subscription.unsubscribe() };
  },
  { resyncEntity, onError: (error) => handleError(error, { path: 'live.events' }) },
);

/**
 * Calls `onEvent` for each change in `scopes` ('app', 'user:{id}', 'talent:{id}', 'chat:{id}',
 * 'admin'), through the tab's one live stream. An empty set watches nothing. A resync (entity '*':
 * the stream missed too much) refetches every query of the page, and still reaches `onEvent`.
 */
export function useLive(
  scopes: readonly string[],
  onEvent: (event: LiveEvent) => void,
  /** Also replies still being written (several a second while the twin types); off, only changes arrive. */
  options: { drafts?: boolean } = {},
): void {
  const withDrafts = options.drafts ?? false;
  // Order and duplicates do not change what is watched, so they must not restart the stream.
  const scopeKey = [...new Set(scopes)].sort().join(' ');

  // The latest callback without re-registering whenever the caller re-renders.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  const queryClient = useQueryClient();
  useEffect(() => {
    if (!scopeKey) return;
    return liveHub.watch(scopeKey.split(' '), (event) => {
      if (event.data.draft && !withDrafts) return;
      if (event.data.entity === resyncEntity) refetchEverything(() => queryClient.invalidateQueries());
      handler.current(event);
    });
  }, [scopeKey, queryClient, withDrafts]);
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
