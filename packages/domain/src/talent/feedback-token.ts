import { talentMessages } from '@doppel/validation';
import { SignJWT } from 'jose';
import { DomainError } from '../errors.ts';

export type FeedbackBoardConfig = { url: string | undefined; secret: string | undefined };
export type FeedbackUser = {
  id: string;
  email: string | null;
  name: string | null;
  managedTalentIds: readonly string[];
  role: string;
};

/** How long a board token is good for: the board exchanges it at once when the page loads. */
export const feedbackTokenLifetimeSeconds = 60 * 60;

/**
 * A token for the embedded feature-request board: HS256 signed with the board's shared secret,
 * with the claims such boards read to sign a person in (`id`, `email`, `name`; `sub` is the id).
 * Only for creators who run a twin (and admins); without a configured board, NOT_CONFIGURED.
 */
export async function createFeedbackToken(
  config: FeedbackBoardConfig,
  user: FeedbackUser,
  now = new Date(),
): Promise<{ url: string; token: string }> {
  if (!config.url || !config.secret) throw new DomainError('NOT_CONFIGURED', talentMessages.feedbackNotConfigured);
  if (user.managedTalentIds.length === 0 && user.role !== 'ADMIN') {
    throw new DomainError('FORBIDDEN', talentMessages.feedbackNotManager);
  }
  if (!user.email) throw new DomainError('INVALID', 'Your account has no email address for the feedback board.');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ id: user.id, email: user.email, name: user.name ?? user.email.split('@')[0] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + feedbackTokenLifetimeSeconds)
    .sign(new TextEncoder().encode(config.secret));
  return { url: config.url, token };
}
