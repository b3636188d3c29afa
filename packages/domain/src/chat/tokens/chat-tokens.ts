import { type Executor, signInTokens, talentManagers, talents } from '@doppel/db';
import { and, eq, like } from 'drizzle-orm';
import { spendSignInToken } from '../../auth/sign-in-links.ts';
import { generateSecret, hashSecret } from '../../auth/tokens.ts';
import { DomainError } from '../../errors.ts';

/** How long the dashboard's "Chat with your AI" link works. */
export const chatTokenLifetimeMs = 5 * 60 * 1000;

// Chat tokens share the sign-in token table (and its clean-up job): the id is the token's SHA-256,
// and the subject, in the email column, names the manager and the talent. It can never match a
// magic link, whose subject is an email address (the magic-link input accepts emails only).
const subjectPrefix = 'chat-token:';
const subjectOf = (userId: string, talentId: string) => `${subjectPrefix}${userId}:${talentId}`;

/** The fan-messenger path a token opens. */
export function chatTokenPath(tag: string, token: string): string {
  return `/chat/${encodeURIComponent(tag)}?token=${encodeURIComponent(token)}`;
}

export function chatPath(tag: string): string {
  return `/chat/${encodeURIComponent(tag)}`;
}

/**
 * A single-use token that signs `userId` (a manager of the talent; the caller checks) in to the
 * fan messenger of the talent, valid for five minutes. Only its hash is stored.
 */
export async function issueChatToken(
  db: Executor,
  input: { userId: string; talentId: string; now?: Date },
): Promise<{ token: string; path: string }> {
  const [talent] = await db.select({ tag: talents.tag }).from(talents).where(eq(talents.id, input.talentId)).limit(1);
  if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.');
  if (!talent.tag) throw new DomainError('INVALID', 'Claim a handle for your twin first: the chat lives at its handle.');
  const now = input.now ?? new Date();
  const token = generateSecret();
  await db.insert(signInTokens).values({
    id: hashSecret(token),
    email: subjectOf(input.userId, input.talentId),
    expiresAt: new Date(now.getTime() + chatTokenLifetimeMs),
    createdAt: now,
  });
  return { token, path: chatTokenPath(talent.tag, token) };
}

/**
 * Spends a chat token (once: see spendSignInToken). The user must still manage the talent.
 * Returns who signs in and where their chat is.
 */
export async function consumeChatToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ userId: string; talentId: string; path: string }> {
  const invalid = new DomainError(
    'SIGN_IN_LINK_INVALID',
    'This chat link is invalid, expired or already used. Open the chat again from your dashboard.',
  );
  const spent = await spendSignInToken(db, token, like(signInTokens.email, `${subjectPrefix}%`), now);
  if (!spent) throw invalid;
  const [userId, talentId, extra] = spent.subject.slice(subjectPrefix.length).split(':');
  if (!userId || !talentId || extra !== undefined) throw invalid;
  const [managed] = await db
    .select({ tag: talents.tag })
    .from(talentManagers)
    .innerJoin(talents, eq(talents.id, talentManagers.talentId))
    .where(and(eq(talentManagers.userId, userId), eq(talentManagers.talentId, talentId)))
    .limit(1);
  if (!managed?.tag) throw invalid;
  return { userId, talentId, path: chatPath(managed.tag) };
}
