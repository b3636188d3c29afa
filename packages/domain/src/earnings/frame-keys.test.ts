import { describe, expect, it } from 'vitest';
import { frameSlots } from './frame-keys.ts';

describe('earning frame keys', () => {
  it('names the day, month and total an instant falls into, in UTC', () => {
    const [day, month, total] = frameSlots(new Date('2026-03-09T23:30:00-02:00'));
    expect(day).toMatchObject({ range: 'DAY', key: '2026-03-10', parentKey: '2026-03' });
    expect(day?.startedAt.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(day?.endedAt?.toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(month).toMatchObject({ range: 'MONTH', key: '2026-03', parentKey: 'total' });
    expect(month?.endedAt?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(total).toMatchObject({ range: 'TOTAL', key: 'total', parentKey: null, endedAt: null });
  });

  it('rolls over at the end of a year', () => {
    const [day, month] = frameSlots(new Date('2026-12-31T12:00:00Z'));
    expect(day?.endedAt?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(month?.endedAt?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
