import { describe, expect, it } from 'vitest';
import {
  analyticsChartRows,
  chartDayLabel,
  compactUsdFromMicro,
  decimalText,
  formatDay,
  formatMicroUsd,
  formatMicroUsdCents,
  hasActivity,
  plural,
} from './tab-format.ts';

describe('decimalText', () => {
  it('places the decimal point by integer digits, padding small amounts', () => {
    expect(decimalText(123456, 2)).toBe('1234.56');
    expect(decimalText(5, 2)).toBe('0.05');
    expect(decimalText(0, 6)).toBe('0.000000');
    expect(decimalText(3_000, 6)).toBe('0.003000');
    expect(decimalText(-150, 2)).toBe('-1.50');
    expect(decimalText(42, 0)).toBe('42');
  });

  it('refuses amounts that are not exact integers', () => {
    expect(() => decimalText(1.5, 2)).toThrow(RangeError);
    expect(() => decimalText(2 ** 53, 2)).toThrow(RangeError);
  });
});

describe('formatMicroUsdCents', () => {
  it('shows headline money in whole cents, dropping a fraction of a cent toward zero', () => {
    expect(formatMicroUsdCents(497_588_000)).toBe('$497.58');
    expect(formatMicroUsdCents(3_000)).toBe('$0.00');
    expect(formatMicroUsdCents(-3_000)).toBe('$0.00');
    expect(formatMicroUsdCents(-600_000)).toBe('-$0.60');
    expect(formatMicroUsdCents(5_000_001_334_573)).toBe('$5,000,001.33');
  });
});

describe('formatMicroUsd', () => {
  it('shows at least cents and every further digit that is not zero', () => {
    expect(formatMicroUsd(0)).toBe('$0.00');
    expect(formatMicroUsd(60_000)).toBe('$0.06');
    expect(formatMicroUsd(3_000)).toBe('$0.003');
    expect(formatMicroUsd(1_234_567)).toBe('$1.234567');
    expect(formatMicroUsd(5_000_001_334_573)).toBe('$5,000,001.334573');
  });
});

describe('labels', () => {
  it('words counts, progress and days', () => {
    expect(plural(1, 'version')).toBe('1 version');
    expect(plural(1200, 'training example')).toBe('1,200 training examples');
    expect(chartDayLabel('2024-03-07')).toBe('07/3');
    expect(formatDay('2024-12-31')).toBe('31/12/2024');
  });
});

describe('analytics', () => {
  it('counts a period with messages, a new chat or revenue as active', () => {
    expect(hasActivity({ messages: 0, newChats: 0, grossMicroUsd: 0 })).toBe(false);
    expect(hasActivity({ messages: 1, newChats: 0, grossMicroUsd: 0 })).toBe(true);
    expect(hasActivity({ messages: 0, newChats: 1, grossMicroUsd: 0 })).toBe(true);
    expect(hasActivity({ messages: 0, newChats: 0, grossMicroUsd: 3_000 })).toBe(true);
  });

  it('splits a day’s messages into the fans’ and the twin’s and keeps money in micro-USD', () => {
    const day = {
      day: '2024-03-07',
      messages: 6,
      fanMessages: 3,
      fans: 2,
      payingFans: 1,
      grossMicroUsd: 1_234_567,
      netMicroUsd: 740_740,
    };
    expect(analyticsChartRows([day])).toEqual([
      {
        label: '07/3',
        day: '2024-03-07',
        fanMessages: 3,
        twinMessages: 3,
        fans: 2,
        payingFans: 1,
        gross: 1_234_567,
        net: 740_740,
      },
    ]);
  });

  it('rounds only the revenue axis ticks', () => {
    expect(compactUsdFromMicro(0)).toBe('$0');
    expect(compactUsdFromMicro(1_500_000)).toBe('$1.5');
    expect(compactUsdFromMicro(2_500_000_000)).toBe('$2.5K');
  });
});
