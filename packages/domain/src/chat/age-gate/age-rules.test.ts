import { describe, expect, it } from 'vitest';
import { ageOn, needsAgeConfirmation, twinRequiresAdult } from './age-rules.ts';

describe('ageOn', () => {
  const today = new Date('2026-11-27T10:00:00Z');
  it('counts full years, a birthday today included', () => {
    expect(ageOn('2008-11-27', today)).toBe(18);
    expect(ageOn('2008-11-28', today)).toBe(17);
    expect(ageOn('2008-12-01', today)).toBe(17);
    expect(ageOn('1990-01-15', today)).toBe(36);
  });
});

describe('the gate', () => {
  const unknown = { adultConfirmedAt: null, declaredMinorAt: null };
  it('asks only on twins above SAFE, and only fans whose age is not known yet', () => {
    expect(twinRequiresAdult('SAFE')).toBe(false);
    expect(needsAgeConfirmation('SAFE', unknown)).toBe(false);
    expect(needsAgeConfirmation('SUGGESTIVE', unknown)).toBe(true);
    expect(needsAgeConfirmation('ADULT', { ...unknown, adultConfirmedAt: new Date() })).toBe(false);
    expect(needsAgeConfirmation('ADULT', { ...unknown, declaredMinorAt: new Date() })).toBe(false);
  });
});
