import { type Executor, sessions, signInTokens } from '@doppel/db';
import { lte, or } from 'drizzle-orm';

export type ExpiredSignInState = { sessions: number; signInTokens: number };

/**
 * Deletes sessions past either expiry and sign-in tokens past theirs, as of `now`. Expired rows are
 * useless and keep personal data around; deleting them is idempotent, so a retried run finds nothing.
 */
export async function deleteExpiredSignInState(db: Executor, now: Date = new Date()): Promise<ExpiredSignInState> {
  const removedSessions = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now)))
    .returning({ id: sessions.id });
  const removedTokens = await db.delete(signInTokens).where(lte(signInTokens.expiresAt, now)).returning({ id: signInTokens.id });
  return { sessions: removedSessions.length, signInTokens: removedTokens.length };
}
