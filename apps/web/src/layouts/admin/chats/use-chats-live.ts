import { useEffect, useRef } from 'react';
import { type LiveEvent, useLive } from '../../../live/use-live.ts';

/** Tables whose changes the Chats screens show ('*' is the feed's "refetch everything"). */
const chatEntities = new Set(['chats', 'chat_messages', '*']);

/**
 * Calls `refresh` when a chat or message in `scopes` changes, coalescing a burst of events into
 * one refetch. The `admin` scope also carries balances, earnings and other tables: those are
 * ignored here.
 */
export function useChatsLive(scopes: readonly string[], refresh: () => void, delayMs = 300): void {
  const latest = useRef(refresh);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
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
    if (!chatEntities.has(event.data.entity) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  });
}
