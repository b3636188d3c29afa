import { defaultReferralRevenueSharePpm, defaultRevenueSharePpm } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { applyShare, creditsToMicroUsd, earningOfPaidCredits, planSpend, shareToPpm } from './money.ts';

describe('money rules', () => {
  it('values one credit at 0.10 USD', () => {
    expect(creditsToMicroUsd(1)).toBe(100_000);
    expect(creditsToMicroUsd(25)).toBe(2_500_000);
  });

  it('gives the creator 60 % and the referrer 3 % of one credit, exactly', () => {
    expect(earningOfPaidCredits(1, defaultRevenueSharePpm, defaultReferralRevenueSharePpm)).toEqual({
      grossMicroUsd: 100_000,
      netMicroUsd: 60_000,
      referralMicroUsd: 3_000,
    });
    expect(earningOfPaidCredits(3, defaultRevenueSharePpm, null).referralMicroUsd).toBe(0);
  });

  it('adds up the same whether credits are spent one by one or at once', () => {
    let net = 0;
    let referral = 0;
    for (let i = 0; i < 1234; i++) {
      const earning = earningOfPaidCredits(1, 600_000, 30_000);
      net += earning.netMicroUsd;
      referral += earning.referralMicroUsd;
    }
    const once = earningOfPaidCredits(1234, 600_000, 30_000);
    expect(net).toBe(once.netMicroUsd);
    expect(referral).toBe(once.referralMicroUsd);
  });

  it('floors shares that do not divide evenly, and stays exact for huge totals', () => {
    expect(applyShare(7, 333_333)).toBe(2);
    expect(applyShare(9_000_000_000_000_000, 600_000)).toBe(5_400_000_000_000_000);
  });

  it('turns form shares into ppm without float drift', () => {
    expect(shareToPpm(0.6)).toBe(600_000);
    expect(shareToPpm(0.03)).toBe(30_000);
    expect(shareToPpm(0.001)).toBe(1_000);
    expect(() => shareToPpm(1.5)).toThrow(RangeError);
  });

  it('spends free credits first, then paid, and nothing when the balance is short', () => {
    expect(planSpend({ credits: 2, paidCredits: 10 }, 5)).toEqual({ free: 2, paid: 3 });
    expect(planSpend({ credits: 8, paidCredits: 0 }, 5)).toEqual({ free: 5, paid: 0 });
    expect(planSpend({ credits: 1, paidCredits: 1 }, 5)).toBeUndefined();
    expect(planSpend({ credits: 0, paidCredits: 0 }, 0)).toEqual({ free: 0, paid: 0 });
  });

  it('refuses fractional or negative amounts', () => {
    expect(() => creditsToMicroUsd(1.5)).toThrow(RangeError);
    expect(() => planSpend({ credits: -1, paidCredits: 5 }, 1)).toThrow(RangeError);
    expect(() => applyShare(100, 1_000_001)).toThrow(RangeError);
  });
});
