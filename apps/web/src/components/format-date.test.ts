import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './format-date.ts';

describe('formatDateTime', () => {
  it('writes dd/M/yyyy at HH:mm with a padded day and an unpadded month', () => {
    expect(formatDateTime(new Date(2025, 2, 4, 9, 5))).toBe('04/3/2025 at 09:05');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025 at 23:59');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 27, 14, 30);
  const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

  it('counts minutes and hours today', () => {
    expect(formatRelativeTime(at(27, 14, 29), now)).toBe('1 min ago');
    expect(formatRelativeTime(new Date(now.getTime() - 20_000), now)).toBe('just now');
    expect(formatRelativeTime(new Date(now.getTime() + 30_000), now), 'a clock a little ahead').toBe('just now');
    expect(formatRelativeTime(at(27, 14, 0), now)).toBe('30 min ago');
    expect(formatRelativeTime(at(27, 9, 10), now)).toBe('5 h ago');
  });

  it('says yesterday and days by the calendar, then the date after a week', () => {
    expect(formatRelativeTime(at(26, 23, 50), now)).toBe('yesterday');
    expect(formatRelativeTime(at(25, 8, 0), now)).toBe('2 days ago');
    expect(formatRelativeTime(at(21, 8, 0), now)).toBe('6 days ago');
    expect(formatRelativeTime(at(20, 8, 0), now)).toBe('20/11/2026');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
