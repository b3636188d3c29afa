import { describe, expect, it } from 'vitest';
import {
  emptyPaymentsText,
  formatSignedMicroUsd,
  formatSignedPrice,
  hasDiscount,
  movementEarnings,
  movementLabel,
} from './payment-format.ts';

const usd = { fractionDigits: 2, currency: 'USD' };
const entry = { kind: 'PURCHASE', reason: null, amount: 1000, paidCredits: 100, shortfallCredits: 0 } as const;

describe('signed money', () => {
  it('shows money in with a plus and money back with a true minus sign', () => {
    expect(formatSignedPrice({ amount: 1000, ...usd })).toBe('+$10.00');
    expect(formatSignedPrice({ amount: -500, ...usd })).toBe('−$5.00');
    expect(formatSignedPrice({ amount: 0, ...usd })).toBe('$0.00');
    expect(formatSignedMicroUsd(-600_000)).toBe('−$0.60');
    expect(formatSignedMicroUsd(5_000)).toBe('+$0.005');
  });
});

describe('movementLabel', () => {
  it('names a purchase with the credits it added', () => {
    expect(movementLabel(entry, usd)).toBe('Purchase +100 credits $10.00');
    expect(movementLabel({ ...entry, amount: 999, paidCredits: 0 }, usd)).toBe('Purchase $9.99');
  });

  it('names a refund with the credits taken back and those already spent', () => {
    expect(movementLabel({ kind: 'REVERSAL', reason: 'REFUND', amount: -500, paidCredits: -40, shortfallCredits: 10 }, usd)).toBe(
      'Refund −$5.00 · 40 credits taken back · 10 already spent',
    );
    expect(movementLabel({ kind: 'REVERSAL', reason: 'DISPUTE', amount: -1000, paidCredits: -1, shortfallCredits: 0 }, usd)).toBe(
      'Dispute −$10.00 · 1 credit taken back',
    );
  });

  it('names a won dispute with the credits given back', () => {
    expect(
      movementLabel({ kind: 'REINSTATEMENT', reason: 'DISPUTE', amount: 1000, paidCredits: 40, shortfallCredits: 0 }, usd),
    ).toBe('Dispute won +$10.00 · 40 credits given back');
  });

  it('shows the twin’s earnings only when the movement booked some', () => {
    expect(movementEarnings({ grossMicroUsd: 0, netMicroUsd: 0, referralMicroUsd: 0 })).toBe('—');
    expect(movementEarnings({ grossMicroUsd: 9_990_000, netMicroUsd: 5_994_000, referralMicroUsd: 0 })).toBe(
      'gross +$9.99 · net +$5.994',
    );
  });
});

describe('the list', () => {
  it('strikes the list price through only when it differs', () => {
    const price = { amount: 5000, ...usd };
    expect(hasDiscount({ price, originalPrice: price })).toBe(false);
    expect(hasDiscount({ price, originalPrice: { ...price, amount: 5500 } })).toBe(true);
  });

  it('says that sandbox payments are hidden and how to show them', () => {
    expect(emptyPaymentsText({ showSandbox: true, priceType: 'all' })).toBe('No payments yet.');
    expect(emptyPaymentsText({ showSandbox: false, priceType: 'all' })).toBe(
      'No payments yet. Sandbox payments are hidden: turn on “Show sandbox” to see them.',
    );
    expect(emptyPaymentsText({ showSandbox: true, priceType: 'APPLE_ONE_TIME' })).toBe('No Apple IAP payments yet.');
  });
});
