// The open `live.events` streams of this process, by session and by address. Each stream holds a
// connection, a feed listener and a replay; without a limit one address opened 150 and stalled the
// server. A stream also belongs to its session: when the session ends, so does the stream.

import { type Logger, silentLogger } from '@doppel/logging';
import { TRPCError } from '@trpc/server';

/**
 * Streams one caller may hold open on one API process, by default (LIVE_STREAMS_PER_SESSION and
 * LIVE_STREAMS_PER_ADDRESS). The web app opens one per tab (two for a moment while a page
 * changes what it watches), so a person with many tabs stays inside `perSession`; `perAddress` counts every stream from one address,
 * signed in or not, leaving room for a household or an office behind one NAT while an attacker's
 * address gets no further.
 */
export const liveStreamLimits = { perSession: 32, perAddress: 128 } as const;

export type LiveStreamLimits = { perSession: number; perAddress: number };

/** How often the sessions of open streams are looked up again: signed out on another process, or expired. */
export const liveSessionRecheckMs = 30_000;

export type LiveStreamOwner = { sessionId: string | undefined; address: string };
export type LiveStream = { signal: AbortSignal; close: () => void };

export type LiveStreams = {
  /** TOO_MANY_REQUESTS when the owner has no room for another stream: checked before any other work. */
  assertRoom: (owner: LiveStreamOwner) => void;
  /** Registers a stream; TOO_MANY_REQUESTS past a limit. `signal` aborts when its session ends. */
  open: (owner: LiveStreamOwner) => LiveStream;
  /** Ends the session's streams at once: sign-out on this process. */
  endSession: (sessionId: string) => void;
  /** Ends the streams whose session no longer signs anyone in; the timer calls it every `recheckMs`. */
  recheck: () => Promise<void>;
  /** Open streams: for tests and operators. */
  count: () => number;
  stop: () => void;
};

export type LiveStreamsOptions = {
  /** Of the given session ids, those that are still signed in. */
  liveSessions: (sessionIds: string[]) => Promise<ReadonlySet<string>>;
  recheckMs?: number;
  limits?: LiveStreamLimits;
  log?: Logger;
};

type Entry = { owner: LiveStreamOwner; controller: AbortController };

export function createLiveStreams(options: LiveStreamsOptions): LiveStreams {
  const bySession = new Map<string, Set<Entry>>();
  const byAddress = new Map<string, Set<Entry>>();
  const log = options.log ?? silentLogger;
  const limits = options.limits ?? liveStreamLimits;

  const add = (index: Map<string, Set<Entry>>, key: string, entry: Entry) => {
    const entries = index.get(key) ?? new Set<Entry>();
    entries.add(entry);
    index.set(key, entries);
  };
  const remove = (index: Map<string, Set<Entry>>, key: string, entry: Entry) => {
    const entries = index.get(key);
    entries?.delete(entry);
    if (entries?.size === 0) index.delete(key);
  };

  function endSession(sessionId: string): void {
    for (const entry of bySession.get(sessionId) ?? []) entry.controller.abort();
  }

  async function recheck(): Promise<void> {
    const sessionIds = [...bySession.keys()];
    if (sessionIds.length === 0) return;
    try {
      const live = await options.liveSessions(sessionIds);
      for (const sessionId of sessionIds) if (!live.has(sessionId)) endSession(sessionId);
    } catch (error) {
      // The database is away: keep the streams, and look again next time.
      log.error('live stream session check failed', { err: error });
    }
  }

  function assertRoom(owner: LiveStreamOwner): void {
    if (owner.sessionId && (bySession.get(owner.sessionId)?.size ?? 0) >= limits.perSession) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many live updates are open for this session. Close a few tabs and reload.',
      });
    }
    if ((byAddress.get(owner.address)?.size ?? 0) >= limits.perAddress) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many live updates are open from this address. Close a few tabs and reload.',
      });
    }
  }

  const timer = setInterval(() => void recheck(), options.recheckMs ?? liveSessionRecheckMs);
  timer.unref();

  return {
    assertRoom,
    open(owner) {
      assertRoom(owner);
      const entry: Entry = { owner, controller: new AbortController() };
      if (owner.sessionId) add(bySession, owner.sessionId, entry);
      add(byAddress, owner.address, entry);
      let closed = false;
      return {
        signal: entry.controller.signal,
        close() {
          if (closed) return;
          closed = true;
          if (owner.sessionId) remove(bySession, owner.sessionId, entry);
          remove(byAddress, owner.address, entry);
        },
      };
    },
    endSession,
    recheck,
    count: () => [...byAddress.values()].reduce((sum, entries) => sum + entries.size, 0),
    stop: () => clearInterval(timer),
  };
}
