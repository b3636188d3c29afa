import { describe, expect, it } from 'vitest';
import { formatDayInZone, formatDayKey } from './day.ts';

describe('formatDayKey', () => {
  it('turns a day key into dd/M/yyyy', () => {
    expect(formatDayKey('2024-03-07')).toBe('07/3/2024');
    expect(formatDayKey('not a day')).toBe('not a day');
  });
});

describe('formatDayInZone', () => {
  it('reads the calendar day in the zone it is given', () => {
    const lateEvening = '2026-12-23T23:30:00Z';
    expect(formatDayInZone(lateEvening, 'UTC')).toBe('23/12/2026');
    expect(formatDayInZone(lateEvening, 'Europe/Berlin')).toBe('24/12/2026');
    expect(formatDayInZone(new Date('2026-03-01T02:00:00Z'), 'America/New_York')).toBe('28/2/2026');
  });

  it('gives empty text for an invalid date', () => {
    expect(formatDayInZone('nonsense', 'UTC')).toBe('');
  });
});
