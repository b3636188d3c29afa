import { type Executor, signInTokens, type Transaction } from '@doppel/db';
import { and, count, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { lockKeys } from '../limits/keyed-locks.ts';
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

/**
 * The link the email carries: back to /sign-in with the email and mode=signIn, (docs/product-rules.md#signed-out-screens), and
 * `next`, the chat a fan signs in from (a path checked by chatReturnPathPattern), so the link brings
 * them back to it in whichever tab it opens.
 */
export function signInLinkUrl(publicUrl: string, email: string, token: string, next?: string): string {
  const url = new URL('/sign-in', publicUrl);
  url.searchParams.set('email', email);
  url.searchParams.set('mode', 'signIn');
  url.searchParams.set('token', token);
  if (next) url.searchParams.set('next', next);
  return url.toString();
}

/**
 * Issues a single-use link token for `email` (already normalised), unless `email` or `ip` asked for
 * too many recently; only its hash is stored. Counted from the tokens themselves, so every API
 * process sees the same numbers, and counted and inserted under a lock per email and per address
 * (one transaction: the caller's), so concurrent requests queue and the limits hold exactly: twenty
 * at once for one inbox send five emails, not twenty. `anonymousUserId` is the anonymous fan whose
 * browser asks (see signInWithLinkToken).
 */
export async function issueSignInToken(
  tx: Transaction,
  email: string,
  options: { ip?: string | undefined; anonymousUserId?: string | undefined; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const { ip } = options;
  await lockKeys(tx, ip ? [`sign-in-email:${email}`, `sign-in-address:${ip}`] : [`sign-in-email:${email}`]);
  const since = new Date(now.getTime() - signInLinkLimits.windowMs);
  const [byEmail] = await tx
    .select({ n: count() })
    .from(signInTokens)
    .where(and(eq(signInTokens.email, email), gt(signInTokens.createdAt, since)));
  if ((byEmail?.n ?? 0) >= signInLinkLimits.perEmail) {
    throw new DomainError('RATE_LIMITED', 'Too many sign-in emails for this address. Please wait a few minutes and try again.');
  }
  if (ip) {
    const [byAddress] = await tx
      .select({ n: count() })
      .from(signInTokens)
      .where(and(eq(signInTokens.requestedFromIp, ip), gt(signInTokens.createdAt, since)));
    if ((byAddress?.n ?? 0) >= signInLinkLimits.perAddress) {
      throw new DomainError(
        'RATE_LIMITED',
        'Too many sign-in emails from your network. Please wait a few minutes and try again.',
      );
    }
  }
  const token = generateSecret();
  await tx.insert(signInTokens).values({
    id: hashSecret(token),
    email,
    requestedFromIp: ip ?? null,
    requestedByUserId: options.anonymousUserId ?? null,
    expiresAt: new Date(now.getTime() + signInLinkLifetimeMs),
    createdAt: now,
  });
  return token;
}

export type SpentSignInToken = { subject: string; requestedByUserId: string | null };

/**
 * Marks a stored single-use token used and returns its subject (the email column) and the anonymous
 * fan who asked for it, or undefined when it is unknown, used, expired or its subject does not
 * match. The update that marks it used is the check, so two concurrent uses cannot both succeed.
 * Magic links and chat tokens share it.
 */
export async function spendSignInToken(
  db: Executor,
  token: string,
  subject: SQL,
  now: Date,
): Promise<SpentSignInToken | undefined> {
  const [spent] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(and(eq(signInTokens.id, hashSecret(token)), subject, isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now)))
    .returning({ subject: signInTokens.email, requestedByUserId: signInTokens.requestedByUserId });
  return spent;
}

/**
 * Spends a sign-in token and returns the user it signs in (creating the account on first sign-in)
 * and the anonymous fan whose browser asked for the link, if any.
 */
export async function consumeSignInToken(
  db: Executor,
  email: string,
  token: string,
  now = new Date(),
): Promise<{ userId: string; requestedByUserId: string | null }> {
  const spent = await spendSignInToken(db, token, eq(signInTokens.email, email), now);
  if (!spent) {
    throw new DomainError(
      'SIGN_IN_LINK_INVALID',
      'This sign-in link is invalid, expired or already used. Please request a new one.',
    );
  }
  const userId = await findOrCreateUserByEmail(db, spent.subject, { now });
  return { userId, requestedByUserId: spent.requestedByUserId };
}
