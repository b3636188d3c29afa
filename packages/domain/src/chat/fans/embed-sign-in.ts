// Signing in from the twin's chat framed on a creator's site (docs/embed.md#signing-in-from-the-frame).
// The frame's session is partitioned to that site, so signing in on Doppel itself never reaches it.
// Instead the frame asks for a one-time token (`start`), opens Doppel in a tab of its own, and the
// person, signed in to their account there, confirms (`confirm`): the frame's anonymous fan is merged
// into the account as at any sign-in, and the frame's session becomes the account's. The frame hears
// of it live (`user:{anonymous fan}`) and opens the chat again as the account.
//
// The confirmation is the guard: a link someone else made, sent to a victim, would otherwise give its
// maker's frame the victim's account. So the token works once, for 15 minutes, only for an anonymous
// frame session, and the page says plainly what confirming does before anything happens.
import { createHash, randomBytes } from 'node:crypto';
import { embedSignIns, recordChanges, sessions, type Transaction, talents } from '@doppel/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Viewer } from '../../access/scopes.ts';
import { DomainError } from '../../errors.ts';
import { mergeAnonymousUser } from './merge.ts';

export const embedSignInMinutes = 15;
export const embedSignInInvalidMessage = 'This sign-in link has expired or was used already. Press Sign in in the chat again.';

const hashToken = (token: string) => createHash('sha256').update(`embed-sign-in:${token}`).digest('hex');

/** The signed-in account's own page for the token: the path the frame opens in a new tab. */
export const embedSignInPath = (token: string) => `/embed-sign-in/${token}`;

/** `chat.embedSignIn.start`: a token for the frame's anonymous session, for the twin whose chat it shows. */
export async function startEmbedSignIn(
  tx: Transaction,
  input: { sessionId: string; viewer: NonNullable<Viewer> & { isAnonymous: boolean }; talentTag: string; now?: Date },
): Promise<{ path: string }> {
  if (!input.viewer.isAnonymous) throw new DomainError('CONFLICT', 'You are signed in already.');
  const [talent] = await tx.select({ id: talents.id }).from(talents).where(eq(talents.tag, input.talentTag.toLowerCase()));
  if (!talent) throw new DomainError('NOT_FOUND', 'Talent not found');
  const now = input.now ?? new Date();
  const token = randomBytes(24).toString('base64url');
  await tx.insert(embedSignIns).values({
    tokenHash: hashToken(token),
    sessionId: input.sessionId,
    anonymousUserId: input.viewer.id,
    talentId: talent.id,
    expiresAt: new Date(now.getTime() + embedSignInMinutes * 60_000),
  });
  return { path: embedSignInPath(token) };
}

/** Still waiting and not expired, else the one refusal (used, expired, unknown alike). */
function waiting(token: string, now: Date) {
  return and(eq(embedSignIns.tokenHash, hashToken(token)), isNull(embedSignIns.confirmedAt), gt(embedSignIns.expiresAt, now));
}

/** `chat.embedSignIn.describe`: what confirming would sign in, for the confirmation page. */
export async function describeEmbedSignIn(
  tx: Transaction,
  input: { token: string; now?: Date },
): Promise<{ twinName: string; twinTag: string }> {
  const [row] = await tx
    .select({ twinName: talents.name, twinTag: talents.tag })
    .from(embedSignIns)
    .innerJoin(talents, eq(talents.id, embedSignIns.talentId))
    .where(waiting(input.token, input.now ?? new Date()));
  if (!row?.twinTag) throw new DomainError('INVALID', embedSignInInvalidMessage);
  return { twinName: row.twinName, twinTag: row.twinTag };
}

/**
 * `chat.embedSignIn.confirm`, by the signed-in account: once, under the request's row lock, the frame's
 * anonymous fan is merged into the account (chats, memories, reminders, credits: free ones once) and
 * the frame's session now signs in the account.
 */
export async function confirmEmbedSignIn(
  tx: Transaction,
  input: { accountUserId: string; token: string; now?: Date },
): Promise<{ twinTag: string | null }> {
  const now = input.now ?? new Date();
  const [request] = await tx
    .update(embedSignIns)
    .set({ confirmedAt: now, confirmedByUserId: input.accountUserId })
    .where(waiting(input.token, now))
    .returning({
      sessionId: embedSignIns.sessionId,
      anonymousUserId: embedSignIns.anonymousUserId,
      talentId: embedSignIns.talentId,
    });
  if (!request) throw new DomainError('INVALID', embedSignInInvalidMessage);
  if (request.anonymousUserId !== input.accountUserId) {
    // Only a session still the anonymous fan's moves: one signed out or signed in since stays as it is.
    await tx
      .update(sessions)
      .set({ userId: input.accountUserId })
      .where(and(eq(sessions.id, request.sessionId), eq(sessions.userId, request.anonymousUserId)));
    await mergeAnonymousUser(tx, request.anonymousUserId, input.accountUserId);
  }
  // The frame listens on its fan's scope: it opens the chat again, now as the account.
  await recordChanges(tx, [{ entity: 'users', rowId: request.anonymousUserId, scopes: [`user:${request.anonymousUserId}`] }]);
  const [talent] = await tx.select({ tag: talents.tag }).from(talents).where(eq(talents.id, request.talentId));
  return { twinTag: talent?.tag ?? null };
}
