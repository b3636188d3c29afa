// Sessions resolved lately, kept in this process for a few seconds: a signed-in request otherwise
// costs a database round trip before its own work (on chat.send, about one in six of the process's
// writes to Postgres). Correctness rules:
// - Only the fan's hot path reads the cache (sessionCachedCalls): every other call looks its session
//   up, so a creator's screens, admin tools and anything a role or a twin managed decides see the
//   database as it is now.
// - Only a session the database confirmed is kept, under its full token (id and secret), so a
//   forged secret never matches an entry; its expiry is checked again on every hit.
// - Ending a session in this process (sign-out, a sign-in replacing it, the account deleted) forgets
//   it at once: any mutation outside the hot path forgets every entry (forgetsSessions in
//   procedures.ts), and so does an OAuth sign-in. A lookup that started before such a forget
//   does not store what it read.
// - Another API process ending a session or changing a user is seen here when the entry expires:
//   within `sessionCacheMs`. Live streams already allow such a session 30 s (liveSessionRecheckMs).

import type { Session } from '@doppel/domain/auth';
import type { Me } from '@doppel/validation';

/**
 * The calls that take their session from the cache: the fan's messenger at chatting speed. They
 * change no session and nothing a session's user is made of (role, twins managed, name, email).
 */
export const sessionCachedCalls: ReadonlySet<string> = new Set(['chat.send', 'chat.react', 'chat.unlock']);

/** How long a confirmed session is kept; also how long another process's sign-out may take to be seen here. */
export const sessionCacheMs = 5_000;
/** Entries kept at most; past it the oldest go first (one process serves far fewer signed-in callers in 5 s). */
const maxEntries = 20_000;

export type ResolvedSession = { session: Session; user: Me };

export type SessionCache = {
  /** The session behind `token`: from the cache while fresh, else from `load`, whose answer is kept. */
  resolve: (token: string, load: () => Promise<ResolvedSession | undefined>) => Promise<ResolvedSession | undefined>;
  /** A session ended in this process: it is not answered from the cache again. */
  forgetSession: (sessionId: string) => void;
  /** Every entry: a user's role, twins or account may have changed. */
  forgetAll: () => void;
  size: () => number;
};

type Entry = ResolvedSession & { until: number };

export function createSessionCache(options: { ttlMs?: number; clock?: () => number } = {}): SessionCache {
  const ttlMs = options.ttlMs ?? sessionCacheMs;
  const clock = options.clock ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  // Bumped by every forget: a lookup that read the database before it must not store its answer.
  let generation = 0;

  return {
    async resolve(token, load) {
      const now = clock();
      const entry = entries.get(token);
      if (entry) {
        const { expiresAt, absoluteExpiresAt } = entry.session;
        if (now < entry.until && now < expiresAt.getTime() && now < absoluteExpiresAt.getTime()) {
          return { session: entry.session, user: entry.user };
        }
        entries.delete(token);
      }
      const startedAt = generation;
      const resolved = await load();
      if (resolved && startedAt === generation) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(token, { ...resolved, until: now + ttlMs });
      }
      return resolved;
    },
    forgetSession(sessionId) {
      generation++;
      for (const [token, entry] of entries) if (entry.session.id === sessionId) entries.delete(token);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}
