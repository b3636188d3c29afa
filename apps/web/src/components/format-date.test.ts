import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date.ts';

describe('formatDateTime', () => {
  it('writes dd/M/yyyy at HH:mm with a padded day and an unpadded month', () => {
    expect(formatDateTime(new Date(2025, 2, 4, 9, 5))).toBe('04/3/2025 at 09:05');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025 at 23:59');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
