import type { Transaction } from '@doppel/db';
import { mergeAnonymousUser } from '../chat/fans/merge.ts';
import { consumeSignInToken } from './sign-in-links.ts';

/**
 * Whether the anonymous fan of the browser opening a link may merge into the account it signs in
 * to: only the fan whose browser asked for the link. Anyone can be sent someone else's link (login
 * CSRF); merging then would hand the opener's chats and credits to the link's owner.
 */
export function mayMergeOnSignIn(currentAnonymousUserId: string | undefined, requestedByUserId: string | null): boolean {
  return currentAnonymousUserId !== undefined && currentAnonymousUserId === requestedByUserId;
}

/**
 * Spends a magic link and returns the user it signs in. The browser's anonymous fan
 * (`anonymousUserId`) keeps their chats and free credits by merging into the account only when
 * they asked for this link themselves (mayMergeOnSignIn); otherwise they stay with the anonymous
 * fan, whom the sign-in signs out. One transaction: the caller's.
 */
export async function signInWithLinkToken(
  tx: Transaction,
  input: { email: string; token: string; anonymousUserId: string | undefined; now?: Date },
): Promise<string> {
  const { userId, requestedByUserId } = await consumeSignInToken(tx, input.email, input.token, input.now);
  if (input.anonymousUserId && mayMergeOnSignIn(input.anonymousUserId, requestedByUserId)) {
    await mergeAnonymousUser(tx, input.anonymousUserId, userId);
  }
  return userId;
}
