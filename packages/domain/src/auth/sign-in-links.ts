import { type Executor, signInTokens, users } from '@doppel/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { generateSecret, hashSecret } from './tokens.ts';

/** How long an emailed sign-in link works. */
export const signInLinkLifetimeMs = 15 * 60 * 1000;

/** The link the email carries: back to /sign-in with the email and mode=signIn, as the spec says. */
export function signInLinkUrl(publicUrl: string, email: string, token: string): string {
  const url = new URL('/sign-in', publicUrl);
  url.searchParams.set('email', email);
  url.searchParams.set('mode', 'signIn');
  url.searchParams.set('token', token);
  return url.toString();
}

/** Issues a single-use token for `email` (already normalised); only its hash is stored. */
export async function issueSignInToken(db: Executor, email: string, now = new Date()): Promise<string> {
  const token = generateSecret();
  await db.insert(signInTokens).values({
    id: hashSecret(token),
    email,
    expiresAt: new Date(now.getTime() + signInLinkLifetimeMs),
    createdAt: now,
  });
  return token;
}

/**
 * Spends a sign-in token and returns the user it signs in, creating the account on first sign-in.
 * The update that marks it used is the check, so two concurrent uses cannot both succeed.
 */
export async function consumeSignInToken(db: Executor, email: string, token: string, now = new Date()): Promise<string> {
  const [spent] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInTokens.id, hashSecret(token)),
        eq(signInTokens.email, email),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, now),
      ),
    )
    .returning({ email: signInTokens.email });
  if (!spent) {
    throw new DomainError(
      'SIGN_IN_LINK_INVALID',
      'This sign-in link is invalid, expired or already used. Please request a new one.',
    );
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({ email, name: email.split('@')[0] ?? email })
    .onConflictDoUpdate({ target: users.email, set: { updatedAt: now } })
    .returning({ id: users.id });
  if (!created) throw new DomainError('CONFLICT', 'Could not create the account, please try again.');
  return created.id;
}
