import { describe, expect, it } from 'vitest';
import { mayOnboard } from './access.ts';

const user = { role: 'USER' as const, waitlistStatus: null, managedTalentIds: [] };

describe('mayOnboard', () => {
  it('lets accepted users, managers, referred users and admins onboard', () => {
    expect(mayOnboard({ ...user, waitlistStatus: 'ACCEPTED' }, { referred: false })).toBe(true);
    expect(mayOnboard({ ...user, managedTalentIds: ['t1'] }, { referred: false })).toBe(true);
    expect(mayOnboard(user, { referred: true })).toBe(true);
    expect(mayOnboard({ ...user, role: 'ADMIN' }, { referred: false })).toBe(true);
  });

  it('keeps users without a status, pending or rejected and not referred on the waitlist', () => {
    expect(mayOnboard(user, { referred: false })).toBe(false);
    expect(mayOnboard({ ...user, waitlistStatus: 'PENDING' }, { referred: false })).toBe(false);
    expect(mayOnboard({ ...user, waitlistStatus: 'REJECTED' }, { referred: false })).toBe(false);
  });

  it('lets a referral in even when the user was rejected before', () => {
    expect(mayOnboard({ ...user, waitlistStatus: 'REJECTED' }, { referred: true })).toBe(true);
  });

  it('never lets an anonymous fan onboard, even through a referral link', () => {
    expect(mayOnboard({ ...user, isAnonymous: true }, { referred: true })).toBe(false);
    expect(mayOnboard({ ...user, isAnonymous: true, waitlistStatus: 'ACCEPTED' }, { referred: false })).toBe(false);
  });
});
