import { type Executor, sessions } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { generateSecret, hashesEqual, hashSecret } from './tokens.ts';

const day = 24 * 60 * 60 * 1000;
/** Signed out after this long without use. */
export const sessionInactivityMs = 30 * day;
/** Signed out after this long whatever the use: a stolen cookie cannot live forever. */
export const sessionAbsoluteMs = 180 * day;
/** Expiry is pushed forward at most once in this window, so a busy client does not write per request. */
const refreshWindowMs = 15 * day;

export type Session = { id: string; userId: string; expiresAt: Date; absoluteExpiresAt: Date };
export type NewSession = { session: Session; token: string };

/** Starts a session: a new random token at every sign-in (the Lucia guide), only its hash is stored. */
export async function createSession(db: Executor, userId: string, now = new Date()): Promise<NewSession> {
  const id = generateSecret();
  const secret = generateSecret();
  const session: Session = {
    id,
    userId,
    expiresAt: new Date(now.getTime() + sessionInactivityMs),
    absoluteExpiresAt: new Date(now.getTime() + sessionAbsoluteMs),
  };
  await db.insert(sessions).values({ ...session, secretHash: hashSecret(secret), createdAt: now });
  return { session, token: `${id}.${secret}` };
}

/** Resolves a cookie token to a live session, sliding its expiry; undefined when invalid or expired. */
export async function validateSessionToken(db: Executor, token: string, now = new Date()): Promise<Session | undefined> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined) return undefined;
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  if (!row || !hashesEqual(row.secretHash, hashSecret(secret))) return undefined;
  if (now >= row.expiresAt || now >= row.absoluteExpiresAt) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return undefined;
  }
  const session: Session = { id: row.id, userId: row.userId, expiresAt: row.expiresAt, absoluteExpiresAt: row.absoluteExpiresAt };
  if (row.expiresAt.getTime() - now.getTime() < sessionInactivityMs - refreshWindowMs) {
    const expiresAt = new Date(Math.min(now.getTime() + sessionInactivityMs, row.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    session.expiresAt = expiresAt;
  }
  return session;
}

export async function invalidateSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
