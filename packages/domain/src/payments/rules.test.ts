import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addOneMonth,
  type LedgerAmounts,
  priceText,
  proportion,
  reversalDelta,
  reversalShare,
  reversedAmount,
  reversedCredits,
  samePrice,
  takeBack,
} from './rules.ts';

const purchase = (amount: number, paidCredits: number, gross = 0): LedgerAmounts => ({
  kind: 'PURCHASE',
  reason: null,
  amount,
  paidCredits,
  shortfallCredits: 0,
  grossMicroUsd: gross,
  netMicroUsd: (gross * 6) / 10,
  referralMicroUsd: 0,
});

/** Books a reversal the way reversePayment does, from the rules alone. */
function reverse(entries: LedgerAmounts[], price: number, reason: 'REFUND' | 'DISPUTE', target: number | null, paidLeft: number) {
  const delta = reversalDelta({ price, entries, reason, target });
  if (delta === 0) return { entries, taken: 0 };
  const share = reversalShare({ price, entries, delta });
  const { taken, shortfall } = takeBack(share.credits, paidLeft);
  const entry: LedgerAmounts = {
    kind: 'REVERSAL',
    reason,
    amount: -delta,
    paidCredits: -taken,
    shortfallCredits: shortfall,
    grossMicroUsd: -share.gross,
    netMicroUsd: -share.net,
    referralMicroUsd: -share.referral,
  };
  return { entries: [...entries, entry], taken };
}

describe('a refund takes back the credits of a pack', () => {
  it('takes back every credit still on the balance when refunded in full', () => {
    const { entries, taken } = reverse([purchase(1000, 100)], 1000, 'REFUND', 1000, 250);
    expect(taken).toBe(100);
    expect(reversedAmount(entries)).toBe(1000);
    expect(entries.at(-1)?.shortfallCredits).toBe(0);
  });

  it('records as shortfall the credits the fan already spent, and never goes below zero', () => {
    const { entries, taken } = reverse([purchase(1000, 100)], 1000, 'REFUND', null, 30);
    expect(taken).toBe(30);
    expect(entries.at(-1)?.shortfallCredits).toBe(70);
    expect(reversedCredits(entries)).toBe(100);
  });

  it('reads Stripe refunds as cumulative: the same total twice takes nothing more', () => {
    let { entries } = reverse([purchase(1000, 100)], 1000, 'REFUND', 400, 100);
    expect(reversedCredits(entries)).toBe(40);
    ({ entries } = reverse(entries, 1000, 'REFUND', 400, 100));
    expect(entries).toHaveLength(2);
    ({ entries } = reverse(entries, 1000, 'REFUND', 1000, 100));
    expect(reversedCredits(entries)).toBe(100);
    expect(reversedAmount(entries)).toBe(1000);
  });

  it('never takes back more than the payment, refund and dispute together', () => {
    let { entries } = reverse([purchase(1000, 100)], 1000, 'REFUND', 600, 100);
    ({ entries } = reverse(entries, 1000, 'DISPUTE', 1000, 100));
    expect(reversedAmount(entries)).toBe(1000);
    expect(reversedCredits(entries)).toBe(100);
  });

  it('partial refunds in any steps add up to exactly the whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (price, credits, steps) => {
          let entries = [purchase(price, credits, 0)];
          let cumulative = 0;
          for (const step of steps) {
            cumulative = Math.min(price, cumulative + step);
            ({ entries } = reverse(entries, price, 'REFUND', cumulative, credits));
            expect(reversedCredits(entries)).toBeLessThanOrEqual(credits);
          }
          ({ entries } = reverse(entries, price, 'REFUND', price, credits));
          expect(reversedAmount(entries)).toBe(price);
          expect(reversedCredits(entries)).toBe(credits);
        },
      ),
    );
  });
});

describe('a refund of a subscription period takes back its earnings', () => {
  it('reverses exactly the gross and net booked, in proportion', () => {
    const booked = purchase(999, 0, 9_990_000);
    let { entries } = reverse([booked], 999, 'REFUND', 333, 0);
    expect(-(entries.at(-1)?.grossMicroUsd ?? 0)).toBe(3_330_000);
    ({ entries } = reverse(entries, 999, 'REFUND', 999, 0));
    const gross = entries.filter((entry) => entry.kind === 'REVERSAL').reduce((sum, entry) => sum - entry.grossMicroUsd, 0);
    const net = entries.filter((entry) => entry.kind === 'REVERSAL').reduce((sum, entry) => sum - entry.netMicroUsd, 0);
    expect(gross).toBe(booked.grossMicroUsd);
    expect(net).toBe(booked.netMicroUsd);
  });
});

describe('small rules', () => {
  it('floors proportions exactly, beyond 2^53', () => {
    expect(proportion(100, 1, 3)).toBe(33);
    expect(proportion(9_007_199_254_740_991, 2, 3)).toBe(6_004_799_503_160_660);
  });

  it('adds a calendar month, clamping to the last day', () => {
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addOneMonth(new Date('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-12-23T08:00:00.000Z');
  });

  it('takes back only what is left', () => {
    expect(takeBack(10, 4)).toEqual({ taken: 4, shortfall: 6 });
    expect(takeBack(10, -1)).toEqual({ taken: 0, shortfall: 10 });
  });
});

describe('samePrice', () => {
  const usd = (amount: number, fractionDigits = 2) => ({ amount, fractionDigits, currency: 'USD' });

  it('holds for the same money written with other fraction digits, in any letter case of the currency', () => {
    expect(samePrice(usd(999), usd(9990, 3))).toBe(true);
    expect(samePrice(usd(999), { amount: 999, fractionDigits: 2, currency: 'usd' })).toBe(true);
  });

  it('fails for another amount or another currency, even when the number is the same', () => {
    expect(samePrice(usd(50), usd(5000))).toBe(false);
    expect(samePrice(usd(5000), { amount: 5000, fractionDigits: 2, currency: 'EUR' })).toBe(false);
  });

  it('reads as the amount with its fraction digits and the currency', () => {
    expect(priceText(usd(50))).toBe('0.50 USD');
    expect(priceText({ amount: 500, fractionDigits: 0, currency: 'jpy' })).toBe('500 JPY');
  });
});
