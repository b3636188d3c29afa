// Expired sessions and sign-in tokens are useless and keep personal data around; deleting them is
// naturally idempotent, so a retried or doubled run simply finds nothing left to remove.
import { type Executor, sessions, signInTokens } from '@doppel/db';
import { lte, or } from 'drizzle-orm';
import type { JobHandler } from './types.ts';

export type SessionCleanupResult = { sessions: number; signInTokens: number };

/** Deletes sessions past either expiry and sign-in tokens past theirs, as of `now`. */
export async function deleteExpiredSessions(db: Executor, now: Date = new Date()): Promise<SessionCleanupResult> {
  const removedSessions = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now)))
    .returning({ id: sessions.id });
  const removedTokens = await db.delete(signInTokens).where(lte(signInTokens.expiresAt, now)).returning({ id: signInTokens.id });
  return { sessions: removedSessions.length, signInTokens: removedTokens.length };
}

export const runSessionCleanup: JobHandler<'session.cleanup'> = async (payload, { db, log }) => {
  const removed = await deleteExpiredSessions(db);
  log.info('session cleanup done', { trigger: payload.trigger, ...removed });
  return removed;
};
