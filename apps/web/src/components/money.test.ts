import { describe, expect, it } from 'vitest';
import { creditsToCents, formatPrice, usdEquivalent } from './money.ts';

describe('usdEquivalent', () => {
  it('prices one credit at 0.10 USD', () => {
    expect(creditsToCents(1)).toBe(10);
    expect(usdEquivalent(1)).toBe('= $0.10');
    expect(usdEquivalent(25)).toBe('= $2.50');
    expect(usdEquivalent(1000)).toBe('= $100.00');
  });

  it('reads what the field holds while typing', () => {
    expect(usdEquivalent('7')).toBe('= $0.70');
    expect(usdEquivalent(' 12 ')).toBe('= $1.20');
    expect(usdEquivalent(0)).toBe('= $0.00');
  });

  it('shows nothing for an empty, negative or fractional entry', () => {
    for (const value of ['', '  ', 'abc', -1, 1.5, '2.5', null, undefined, Number.NaN]) {
      expect(usdEquivalent(value), String(value)).toBe('');
    }
  });
});

describe('formatPrice', () => {
  it('formats integer minor units in their currency', () => {
    expect(formatPrice({ amount: 1000, fractionDigits: 2, currency: 'USD' })).toBe('$10.00');
    expect(formatPrice({ amount: 999, fractionDigits: 2, currency: 'usd' })).toBe('$9.99');
    expect(formatPrice({ amount: 123456, fractionDigits: 2, currency: 'USD' })).toBe('$1,234.56');
    expect(formatPrice({ amount: 500, fractionDigits: 0, currency: 'JPY' })).toBe('¥500');
    expect(formatPrice({ amount: 1050, fractionDigits: 2, currency: 'EUR' })).toBe('€10.50');
  });
});
