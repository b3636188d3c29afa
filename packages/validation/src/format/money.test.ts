import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalText,
  formatCents,
  formatCount,
  formatMicroUsd,
  formatMicroUsdCents,
  formatMinorUnits,
  microUsdToCentsFloor,
} from './money.ts';

// Intl formats decimal text exactly; it is the reference the hand-placed grouping must match.
const intlUsd = (decimal: string, digits: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimal as Intl.StringNumericLiteral);

describe('decimalText', () => {
  it('places the point in integer units, signs included', () => {
    expect(decimalText(123456, 2)).toBe('1234.56');
    expect(decimalText(5, 2)).toBe('0.05');
    expect(decimalText(-5, 6)).toBe('-0.000005');
    expect(decimalText(42, 0)).toBe('42');
  });

  it('refuses a number that is not an exact integer', () => {
    expect(() => decimalText(1.5, 2)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it('shows dollars with grouping and two decimals, negatives with a leading minus', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-60)).toBe('-$0.60');
    expect(formatCents(-123456789)).toBe('-$1,234,567.89');
  });

  it('matches Intl for any amount', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (cents) => formatCents(cents) === intlUsd(decimalText(cents, 2), 2)));
  });
});

describe('microUsdToCentsFloor', () => {
  it('floors toward minus infinity, as the server does, and never gives -0', () => {
    expect(microUsdToCentsFloor(12_345_678)).toBe(1234);
    expect(microUsdToCentsFloor(-5_000)).toBe(-1);
    expect(microUsdToCentsFloor(-10_000)).toBe(-1);
    expect(Object.is(microUsdToCentsFloor(-0), 0)).toBe(true);
  });

  it('agrees with Math.floor of the quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (micro) => microUsdToCentsFloor(micro) === Math.floor(micro / 10_000)),
    );
  });
});

describe('formatMicroUsdCents', () => {
  it('shows a negative month one cent lower than truncation would', () => {
    expect(formatMicroUsdCents(12_345_678)).toBe('$12.34');
    expect(formatMicroUsdCents(-600_000)).toBe('-$0.60');
    expect(formatMicroUsdCents(-5_000)).toBe('-$0.01');
    expect(formatMicroUsdCents(5_000)).toBe('$0.00');
  });
});

describe('formatMicroUsd', () => {
  it('keeps every digit that is not zero, and at least cents', () => {
    expect(formatMicroUsd(60_000)).toBe('$0.06');
    expect(formatMicroUsd(3_000)).toBe('$0.003');
    expect(formatMicroUsd(1_234_567_891)).toBe('$1,234.567891');
    expect(formatMicroUsd(0)).toBe('$0.00');
    expect(formatMicroUsd(-3_000)).toBe('-$0.003');
  });

  it('matches Intl with two to six decimals for any amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (micro) => {
        const reference = new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: 2,
          maximumFractionDigits: 6,
        }).format(decimalText(micro, 6) as Intl.StringNumericLiteral);
        return formatMicroUsd(micro) === reference;
      }),
    );
  });
});

describe('large amounts', () => {
  it('stay exact past what a float division would keep', () => {
    expect(formatMicroUsdCents(5_000_001_334_573)).toBe('$5,000,001.33');
    expect(formatMicroUsd(5_000_001_334_573)).toBe('$5,000,001.334573');
  });
});

describe('formatCount', () => {
  it('groups a whole number as en-US does, negatives included', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
    fc.assert(fc.property(fc.maxSafeInteger(), (count) => formatCount(count) === count.toLocaleString('en-US')));
  });

  it('refuses a number that is not an exact integer', () => {
    expect(() => formatCount(1.5)).toThrow(RangeError);
  });
});

describe('formatMinorUnits', () => {
  const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'NZD', 'HKD', 'TWD', 'MXN', 'BRL', 'CNY', 'INR', 'KRW'];
  const others = ['ILS', 'PHP', 'VND', 'CHF', 'SEK', 'PLN', 'ZAR', 'SGD', 'CZK'];

  it('writes what en-US Intl writes, without loading it on the page', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies, ...others), fc.integer({ min: -1e12, max: 1e12 }), (currency, amount) => {
        const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
        const digits = intl.resolvedOptions().minimumFractionDigits ?? 2;
        expect(formatMinorUnits(amount, digits, currency)).toBe(intl.format(amount / 10 ** digits));
      }),
    );
  });

  it('reads the currency in any case and keeps every digit', () => {
    expect(formatMinorUnits(123456, 2, 'usd')).toBe('$1,234.56');
    expect(formatMinorUnits(500, 0, 'JPY')).toBe('¥500');
    expect(formatMinorUnits(1000, 2, 'chf')).toBe('CHF\u00a010.00');
    expect(formatMinorUnits(9_007_199_254_740_991, 2, 'EUR')).toBe('€90,071,992,547,409.91');
  });

  it('refuses an amount that is not an exact integer', () => {
    expect(() => formatMinorUnits(10.5, 2, 'USD')).toThrow(RangeError);
  });
});
