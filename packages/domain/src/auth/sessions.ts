import { type Executor, sessions, users } from '@doppel/db';
import type { Me } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { meColumns } from '../users/me.ts';
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

type SessionRow = typeof sessions.$inferSelect;

function parseToken(token: string): { id: string; secret: string } | undefined {
  const [id, secret, extra] = token.split('.');
  return id && secret && extra === undefined ? { id, secret } : undefined;
}

/** Checks a stored session against the token's secret, ends it when expired, slides its expiry. */
async function checkSession(db: Executor, row: SessionRow, secret: string, now: Date): Promise<Session | undefined> {
  if (!hashesEqual(row.secretHash, hashSecret(secret))) return undefined;
  if (now >= row.expiresAt || now >= row.absoluteExpiresAt) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return undefined;
  }
  const session: Session = { id: row.id, userId: row.userId, expiresAt: row.expiresAt, absoluteExpiresAt: row.absoluteExpiresAt };
  if (row.expiresAt.getTime() - now.getTime() < sessionInactivityMs - refreshWindowMs) {
    const expiresAt = new Date(Math.min(now.getTime() + sessionInactivityMs, row.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.id));
    session.expiresAt = expiresAt;
  }
  return session;
}

/** Resolves a cookie token to a live session, sliding its expiry; undefined when invalid or expired. */
export async function validateSessionToken(db: Executor, token: string, now = new Date()): Promise<Session | undefined> {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const [row] = await db.select().from(sessions).where(eq(sessions.id, parsed.id)).limit(1);
  return row ? checkSession(db, row, parsed.secret, now) : undefined;
}

/**
 * A cookie token's live session and its user, in one query (it runs for every signed-in request);
 * undefined when invalid, expired, or the user is gone.
 */
export async function validateSessionWithUser(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ session: Session; user: Me } | undefined> {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const [row] = await db
    .select({ session: sessions, user: meColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, parsed.id))
    .limit(1);
  const session = row ? await checkSession(db, row.session, parsed.secret, now) : undefined;
  return session && row ? { session, user: row.user } : undefined;
}

export async function invalidateSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
