import type { Executor } from '@doppel/db';
import { createSession, invalidateSession } from './sessions.ts';

/** What the browser's session cookie holds: the token, kept until the session's absolute end. */
export type SessionCookie = { token: string; expiresAt: Date };

/**
 * Signs a browser in as `userId` (magic link, OAuth, chat link, a new anonymous fan): ends the
 * session it had, if any, and starts a new one with a new token, so a sign-in never reuses a
 * token someone may have seen (the Lucia guide). Run it in the transaction of the sign-in itself,
 * so the token spent and the sessions switched commit together or not at all.
 */
export async function switchSession(
  tx: Executor,
  userId: string,
  previousSessionId: string | undefined,
  now = new Date(),
): Promise<SessionCookie> {
  if (previousSessionId) await invalidateSession(tx, previousSessionId);
  const { session, token } = await createSession(tx, userId, now);
  return { token, expiresAt: session.absoluteExpiresAt };
}
