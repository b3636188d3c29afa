import type { WaitlistStatus } from '@doppel/validation';

export type OnboardingCandidate = {
  role: 'USER' | 'ADMIN';
  waitlistStatus: WaitlistStatus | null;
  managedTalentIds: readonly string[];
  /** An anonymous fan (no email): never a creator, whatever referral link they followed. */
  isAnonymous?: boolean;
};

/**
 * May this user start (or finish) onboarding a twin? docs/product-rules.md#access: an accepted user, one who
 * already manages a talent, or one who came through a valid referral link; admins are never
 * waitlisted (docs/product-rules.md#roles-and-permissions: only non-admins see the waitlist screen). Anonymous fans never: the API keeps
 * them out of every onboarding call, and this keeps the rule whoever calls the domain.
 */
export function mayOnboard(user: OnboardingCandidate, options: { referred: boolean }): boolean {
  if (user.isAnonymous) return false;
  return user.role === 'ADMIN' || user.waitlistStatus === 'ACCEPTED' || user.managedTalentIds.length > 0 || options.referred;
}

export const notAcceptedMessage = 'Join the waitlist first: your account has not been accepted yet.';
