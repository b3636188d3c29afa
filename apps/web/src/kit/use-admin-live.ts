import { useEffect, useRef } from 'react';
import { type LiveEvent, useLive } from '../live/use-live.ts';

/**
 * Calls `refresh` when a row of one of `entities` changes in the admin scope ('*' is the feed's
 * "refetch everything"), coalescing a burst of events into one refetch. Other tables' events,
 * which the admin scope carries too, are ignored.
 */
export function useAdminLive(
  entities: readonly string[],
  refresh: () => void,
  delayMs = 300,
  scopes: readonly string[] = ['admin'],
): void {
  const latest = useRef(refresh);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const watched = useRef(new Set<string>());
  watched.current = new Set([...entities, '*']);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLive(scopes, (event: LiveEvent) => {
    if (!watched.current.has(event.data.entity) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  });
}
