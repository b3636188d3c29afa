import type { Me } from '@doppel/validation';

/** Which layout the shell shows (docs/product-rules.md#access, access flow). */
export type AccessLayout = 'public' | 'waitlist' | 'onboarding' | 'talent' | 'admin';

export type AccessInput = {
  me: Pick<Me, 'role' | 'waitlistStatus' | 'managedTalentIds' | 'isAnonymous'> | null | undefined;
  referralTalentTag: string | null;
  isAdminSwitchOn: boolean;
  /**
   * The user already started a twin. The referral tag is cleared after the first onboarding submit
   * (docs/product-rules.md#onboarding), so a referred creator who is not accepted yet is recognised by their draft from then on.
   */
  hasTalentDraft?: boolean;
};

/** The access flow of docs/product-rules.md#access as one decision, so every layout switch is tested without a browser. */
export function decideAccess({ me, referralTalentTag, isAdminSwitchOn, hasTalentDraft = false }: AccessInput): AccessLayout {
  // Anonymous users are fans who never signed in with an email: the creator app treats them as signed out.
  if (!me || me.isAnonymous) return 'public';
  if (me.role === 'ADMIN' && isAdminSwitchOn) return 'admin';
  if (me.managedTalentIds.length > 0) return 'talent';
  if (me.waitlistStatus === 'ACCEPTED' || (referralTalentTag ?? '').trim() !== '' || hasTalentDraft) return 'onboarding';
  return 'waitlist';
}
