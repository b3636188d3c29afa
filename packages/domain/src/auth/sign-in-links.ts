import { type Executor, signInTokens } from '@doppel/db';
import { and, count, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { generateSecret, hashSecret } from './tokens.ts';
import { findOrCreateUserByEmail } from './users.ts';

/** How long an emailed sign-in link works. */
export const signInLinkLifetimeMs = 15 * 60 * 1000;

/**
 * How many links may be asked for in the window. Per email, so the form cannot flood one inbox
 * (five is more than a person retrying needs); per requesting address, so one client cannot spray
 * links at many inboxes (twenty leaves room for a household or an office behind one NAT).
 */
export const signInLinkLimits = { perEmail: 5, perAddress: 20, windowMs: 15 * 60 * 1000 } as const;

/** The link the email carries: back to /sign-in with the email and mode=signIn, as the spec says. */
export function signInLinkUrl(publicUrl: string, email: string, token: string): string {
  const url = new URL('/sign-in', publicUrl);
  url.searchParams.set('email', email);
  url.searchParams.set('mode', 'signIn');
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Refuses a new link when `email` or `ip` asked for too many recently. Counted from the tokens
 * themselves, so every API process sees the same numbers; two requests racing at the limit can
 * both pass, which costs one extra email and keeps the check free of locks.
 */
export async function assertSignInLinkAllowed(
  db: Executor,
  email: string,
  ip: string | undefined,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - signInLinkLimits.windowMs);
  const [byEmail] = await db
    .select({ n: count() })
    .from(signInTokens)
    .where(and(eq(signInTokens.email, email), gt(signInTokens.createdAt, since)));
  if ((byEmail?.n ?? 0) >= signInLinkLimits.perEmail) {
    throw new DomainError('RATE_LIMITED', 'Too many sign-in emails for this address. Please wait a few minutes and try again.');
  }
  if (!ip) return;
  const [byAddress] = await db
    .select({ n: count() })
    .from(signInTokens)
    .where(and(eq(signInTokens.requestedFromIp, ip), gt(signInTokens.createdAt, since)));
  if ((byAddress?.n ?? 0) >= signInLinkLimits.perAddress) {
    throw new DomainError('RATE_LIMITED', 'Too many sign-in emails from your network. Please wait a few minutes and try again.');
  }
}

/** Issues a single-use token for `email` (already normalised); only its hash is stored. */
export async function issueSignInToken(
  db: Executor,
  email: string,
  options: { ip?: string | undefined; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const token = generateSecret();
  await db.insert(signInTokens).values({
    id: hashSecret(token),
    email,
    requestedFromIp: options.ip ?? null,
    expiresAt: new Date(now.getTime() + signInLinkLifetimeMs),
    createdAt: now,
  });
  return token;
}

/**
 * Marks a stored single-use token used and returns its subject (the email column), or undefined
 * when it is unknown, used, expired or its subject does not match. The update that marks it used
 * is the check, so two concurrent uses cannot both succeed. Magic links and chat tokens share it.
 */
export async function spendSignInToken(db: Executor, token: string, subject: SQL, now: Date): Promise<string | undefined> {
  const [spent] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(and(eq(signInTokens.id, hashSecret(token)), subject, isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now)))
    .returning({ subject: signInTokens.email });
  return spent?.subject;
}

/** Spends a sign-in token and returns the user it signs in, creating the account on first sign-in. */
export async function consumeSignInToken(db: Executor, email: string, token: string, now = new Date()): Promise<string> {
  const spentEmail = await spendSignInToken(db, token, eq(signInTokens.email, email), now);
  if (!spentEmail) {
    throw new DomainError(
      'SIGN_IN_LINK_INVALID',
      'This sign-in link is invalid, expired or already used. Please request a new one.',
    );
  }
  return findOrCreateUserByEmail(db, spentEmail, { now });
}
