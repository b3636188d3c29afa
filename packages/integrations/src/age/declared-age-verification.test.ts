import { describe, expect, it } from 'vitest';
import { createDeclaredAgeVerification } from './declared-age-verification.ts';

describe('the declared age verification', () => {
  const verification = createDeclaredAgeVerification();
  const now = new Date('2026-11-27T12:00:00Z');

  it('takes a fan who turns 18 today as an adult, and one a day younger as a minor', async () => {
    expect(await verification.verify({ userId: 'u', birthDate: '2008-11-27', now })).toEqual({
      adult: true,
      method: 'DECLARATION',
    });
    expect(await verification.verify({ userId: 'u', birthDate: '2008-11-28', now })).toEqual({
      adult: false,
      method: 'DECLARATION',
    });
  });
});
