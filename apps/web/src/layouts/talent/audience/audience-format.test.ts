import { describe, expect, it } from 'vitest';
import { bucketLabel, formatWait, percent } from './audience-format.ts';

describe('audience format', () => {
  it('labels day and month buckets in UTC', () => {
    expect(bucketLabel('2026-03-12T00:00:00.000Z', 'day')).toBe('12 Mar');
    expect(bucketLabel('2026-03-01T00:00:00.000Z', 'month')).toBe('Mar 26');
  });

  it('rounds percentages and has none for nobody', () => {
    expect(percent(1, 3)).toBe('33%');
    expect(percent(0, 0)).toBe('–');
  });

  it('says a wait in a readable unit', () => {
    expect(formatWait(null)).toBe('–');
    expect(formatWait(45)).toBe('45 s');
    expect(formatWait(1800)).toBe('30 min');
    expect(formatWait(5 * 3600)).toBe('5 h');
    expect(formatWait(86_400)).toBe('1 day');
    expect(formatWait(7 * 86_400)).toBe('7 days');
  });
});
