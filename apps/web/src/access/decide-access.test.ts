import { describe, expect, it } from 'vitest';
import { type AccessInput, decideAccess } from './decide-access.ts';

type MeInput = NonNullable<AccessInput['me']>;
const user: MeInput = { role: 'USER', waitlistStatus: null, managedTalentIds: [], isAnonymous: false };
const decide = (me: Partial<MeInput> | null, referralTalentTag: string | null = null, isAdminSwitchOn = false) =>
  decideAccess({ me: me && { ...user, ...me }, referralTalentTag, isAdminSwitchOn });

describe('decideAccess', () => {
  it('shows the public layout when signed out or anonymous', () => {
    expect(decide(null)).toBe('public');
    expect(decideAccess({ me: undefined, referralTalentTag: 'mia', isAdminSwitchOn: true })).toBe('public');
    expect(decide({ isAnonymous: true, managedTalentIds: ['t1'] })).toBe('public');
  });

  it('sends a user with no accepted status, no talents and no referral tag to the waitlist', () => {
    expect(decide({})).toBe('waitlist');
    expect(decide({ waitlistStatus: 'PENDING' })).toBe('waitlist');
    expect(decide({ waitlistStatus: 'REJECTED' })).toBe('waitlist');
    expect(decide({}, '   ')).toBe('waitlist');
  });

  it('sends an accepted user or a holder of a referral tag to onboarding', () => {
    expect(decide({ waitlistStatus: 'ACCEPTED' })).toBe('onboarding');
    expect(decide({ waitlistStatus: 'PENDING' }, 'mia')).toBe('onboarding');
    expect(decide({}, 'mia')).toBe('onboarding');
  });

  it('keeps a referred creator in onboarding once the tag is spent on their draft', () => {
    expect(decideAccess({ me: user, referralTalentTag: null, isAdminSwitchOn: false, hasTalentDraft: true })).toBe('onboarding');
    expect(
      decideAccess({
        me: { ...user, managedTalentIds: ['t1'] },
        referralTalentTag: null,
        isAdminSwitchOn: false,
        hasTalentDraft: true,
      }),
    ).toBe('talent');
  });

  it('sends a manager of a talent to the talent dashboard whatever the waitlist says', () => {
    expect(decide({ managedTalentIds: ['t1'] })).toBe('talent');
    expect(decide({ managedTalentIds: ['t1'], waitlistStatus: 'REJECTED' }, 'mia')).toBe('talent');
  });

  it('gives the admin layout only to admins who switched it on', () => {
    expect(decide({ role: 'ADMIN', managedTalentIds: ['t1'] }, null, true)).toBe('admin');
    expect(decide({ role: 'ADMIN', managedTalentIds: ['t1'] }, null, false)).toBe('talent');
    expect(decide({ role: 'ADMIN' }, null, true)).toBe('admin');
    expect(decide({ role: 'USER', managedTalentIds: ['t1'] }, null, true)).toBe('talent');
  });
});
