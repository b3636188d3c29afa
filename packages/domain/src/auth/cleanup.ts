import { type Executor, embedSignIns, sessions, signInTokens } from '@doppel/db';
import { lte, or } from 'drizzle-orm';

export type ExpiredSignInState = { sessions: number; signInTokens: number; embedSignIns: number };

/**
 * Deletes sessions past either expiry and sign-in tokens past theirs (the framed chat's sign-ins
 * too, docs/embed.md), as of `now`. Expired rows are
 * useless and keep personal data around; deleting them is idempotent, so a retried run finds nothing.
 */
export async function deleteExpiredSignInState(db: Executor, now: Date = new Date()): Promise<ExpiredSignInState> {
  const removedSessions = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now)))
    .returning({ id: sessions.id });
  const removedTokens = await db.delete(signInTokens).where(lte(signInTokens.expiresAt, now)).returning({ id: signInTokens.id });
  const removedEmbedSignIns = await db
    .delete(embedSignIns)
    .where(lte(embedSignIns.expiresAt, now))
    .returning({ tokenHash: embedSignIns.tokenHash });
  return { sessions: removedSessions.length, signInTokens: removedTokens.length, embedSignIns: removedEmbedSignIns.length };
}
