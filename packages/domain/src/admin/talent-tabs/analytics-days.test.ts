import { describe, expect, it } from 'vitest';
import { frameSlots } from '../../earnings/frame-keys.ts';
import { exactInteger, fillDays, utcDayKey, utcDayRange } from './analytics-days.ts';

describe('utcDayRange', () => {
  it('ends with today and counts today as one of the days', () => {
    const range = utcDayRange(new Date('2024-03-02T23:59:59.999Z'), 7);
    expect(range.keys).toEqual([
      '2024-02-25',
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(range).toMatchObject({ days: 7, from: '2024-02-25', to: '2024-03-02' });
    expect(range.start.toISOString()).toBe('2024-02-25T00:00:00.000Z');
    expect(range.end.toISOString(), 'exclusive: the midnight after today').toBe('2024-03-03T00:00:00.000Z');
  });

  it('spans month and year ends in UTC whatever the hour', () => {
    const range = utcDayRange(new Date('2025-01-01T00:00:00.000Z'), 90);
    expect(range.keys).toHaveLength(90);
    expect(new Set(range.keys).size).toBe(90);
    expect(range.from).toBe('2024-10-04');
    expect(range.to).toBe('2025-01-01');
    expect(utcDayRange(new Date('2025-01-01T00:00:00.000Z'), 1).keys).toEqual(['2025-01-01']);
  });

  it('refuses a period that is not a positive whole number of days', () => {
    expect(() => utcDayRange(new Date(), 0)).toThrow(RangeError);
    expect(() => utcDayRange(new Date(), 1.5)).toThrow(RangeError);
  });
});

describe('utcDayKey', () => {
  it('names a day as its DAY earning frame does', () => {
    for (const at of ['2024-02-29T00:00:00.000Z', '2024-12-31T23:59:59.999Z', '2025-07-04T12:30:00.000Z']) {
      const date = new Date(at);
      expect(utcDayKey(date)).toBe(frameSlots(date).find((slot) => slot.range === 'DAY')?.key);
    }
  });
});

describe('fillDays', () => {
  const empty = (day: string) => ({ day, messages: 0 });

  it('gives every day of the period, zeros where nothing happened, in calendar order', () => {
    const keys = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04'];
    const rows = [
      { day: '2024-01-03', messages: 5 },
      { day: '2024-01-01', messages: 2 },
    ];
    expect(fillDays(keys, rows, empty)).toEqual([
      { day: '2024-01-01', messages: 2 },
      { day: '2024-01-02', messages: 0 },
      { day: '2024-01-03', messages: 5 },
      { day: '2024-01-04', messages: 0 },
    ]);
  });

  it('drops rows outside the period and fills an empty result', () => {
    expect(fillDays(['2024-01-02'], [{ day: '2023-12-31', messages: 9 }], empty)).toEqual([{ day: '2024-01-02', messages: 0 }]);
    expect(fillDays([], [{ day: '2024-01-01', messages: 1 }], empty)).toEqual([]);
  });
});

describe('exactInteger', () => {
  it('reads sums and counts the driver returns as text', () => {
    expect(exactInteger('0')).toBe(0);
    expect(exactInteger('123456789012')).toBe(123_456_789_012);
    expect(exactInteger(42)).toBe(42);
    expect(exactInteger(null)).toBe(0);
    expect(exactInteger(undefined)).toBe(0);
    expect(exactInteger('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what a number cannot hold exactly rather than round it', () => {
    expect(() => exactInteger('9007199254740993')).toThrow(RangeError);
    expect(() => exactInteger('1.5')).toThrow();
    expect(() => exactInteger(0.5)).toThrow(RangeError);
  });
});
