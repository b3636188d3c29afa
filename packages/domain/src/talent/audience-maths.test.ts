import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceBuckets, audienceConversion, audienceCounts, audienceSeries, median, startOfUtcDay } from './audience-maths.ts';

const at = (iso: string) => new Date(iso);

describe('audienceBuckets', () => {
  // A Thursday afternoon.
  const now = at('2026-03-12T15:00:00Z');

  it('splits 30 days into 30 UTC days, the last one ending now', () => {
    const buckets = audienceBuckets('30d', now);
    expect(buckets).toHaveLength(30);
    expect(buckets[0]?.start.toISOString()).toBe('2026-02-11T00:00:00.000Z');
    expect(buckets[0]?.end.toISOString()).toBe('2026-02-12T00:00:00.000Z');
    expect(buckets[29]?.start.toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(buckets[29]?.end).toEqual(now);
  });

  it('splits 90 days into 13 weeks starting on Mondays', () => {
    const buckets = audienceBuckets('90d', now);
    expect(buckets).toHaveLength(13);
    expect(buckets[12]?.start.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(buckets[0]?.start.toISOString()).toBe('2025-12-15T00:00:00.000Z');
    expect(buckets.every((bucket) => bucket.start.getUTCDay() === 1)).toBe(true);
  });

  it('splits 12 months into calendar months across the year boundary', () => {
    const buckets = audienceBuckets('12m', now);
    expect(buckets.map((bucket) => bucket.start.toISOString().slice(0, 7))).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(buckets[9]?.end.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('audienceCounts', () => {
  const firstMessageAt = new Map([
    ['new', at('2026-03-10T09:00:00Z')],
    ['back', at('2026-03-01T09:00:00Z')],
    ['twice', at('2026-03-10T23:00:00Z')],
  ]);
  const input = {
    firstMessageAt,
    activity: [
      { fanId: 'new', day: at('2026-03-10T00:00:00Z') },
      { fanId: 'back', day: at('2026-03-10T00:00:00Z') },
      { fanId: 'twice', day: at('2026-03-10T00:00:00Z') },
      { fanId: 'twice', day: at('2026-03-11T00:00:00Z') },
    ],
    purchases: [
      { fanId: 'new', at: at('2026-03-10T10:00:00Z') },
      { fanId: 'new', at: at('2026-03-10T11:00:00Z') },
      { fanId: 'back', at: at('2026-03-11T10:00:00Z') },
    ],
    subscriptions: [
      { fanId: 'back', startedAt: at('2026-03-01T00:00:00Z'), endedAt: null },
      { fanId: 'new', startedAt: at('2026-03-10T12:00:00Z'), endedAt: at('2026-03-11T12:00:00Z') },
    ],
  };

  it('counts each fan once, returning only after their first day, subscribers at the end', () => {
    const day10 = { start: at('2026-03-10T00:00:00Z'), end: at('2026-03-11T00:00:00Z') };
    expect(audienceCounts(day10, input)).toEqual({ fans: 3, returning: 1, paying: 1, subscribers: 2 });
    const day11 = { start: at('2026-03-11T00:00:00Z'), end: at('2026-03-12T00:00:00Z') };
    expect(audienceCounts(day11, input)).toEqual({ fans: 1, returning: 1, paying: 1, subscribers: 1 });
  });

  it('counts the whole window the same way', () => {
    const period = { start: at('2026-03-01T00:00:00Z'), end: at('2026-03-12T00:00:00Z') };
    expect(audienceCounts(period, input)).toEqual({ fans: 3, returning: 2, paying: 2, subscribers: 1 });
  });
});

describe('audienceSeries', () => {
  const periods = ['30d', '90d', '12m'] as const;
  const now = at('2026-03-18T15:30:00Z');
  const yearAgo = now.getTime() - 400 * 86_400_000;
  const moment = fc.integer({ min: yearAgo, max: now.getTime() }).map((ms) => new Date(ms));
  const fan = fc.constantFrom('a', 'b', 'c', 'd', 'e');
  const input = fc.record({
    activity: fc.array(fc.record({ fanId: fan, day: moment.map(startOfUtcDay) }), { maxLength: 60 }),
    firstMessageAt: fc.array(fc.tuple(fan, moment), { maxLength: 5 }).map((pairs) => new Map(pairs)),
    purchases: fc.array(fc.record({ fanId: fan, at: moment }), { maxLength: 30 }),
    subscriptions: fc.array(fc.record({ fanId: fan, startedAt: moment, endedAt: fc.option(moment, { nil: null }) }), {
      maxLength: 8,
    }),
  });

  it('gives every bucket and the whole period exactly what audienceCounts gives, in one pass', () => {
    fc.assert(
      fc.property(fc.constantFrom(...periods), input, (period, rows) => {
        const buckets = audienceBuckets(period, now);
        const whole = { start: (buckets[0] as (typeof buckets)[number]).start, end: now };
        const { series, totals } = audienceSeries(buckets, whole, rows);
        expect(series).toEqual(buckets.map((bucket) => audienceCounts(bucket, rows)));
        expect(totals).toEqual(audienceCounts(whole, rows));
      }),
    );
  });
});

describe('audienceConversion', () => {
  it('takes the first purchase after the first message, ignores earlier ones and fans from before', () => {
    const firstMessageAt = new Map([
      ['quick', at('2026-03-10T09:00:00Z')],
      ['slow', at('2026-03-10T09:00:00Z')],
      ['never', at('2026-03-10T09:00:00Z')],
      ['before', at('2026-03-10T09:00:00Z')],
      ['old', at('2026-02-01T09:00:00Z')],
    ]);
    const purchases = [
      { fanId: 'quick', at: at('2026-03-10T09:10:00Z') },
      { fanId: 'quick', at: at('2026-03-10T09:05:00Z') },
      { fanId: 'slow', at: at('2026-03-10T10:05:00Z') },
      { fanId: 'before', at: at('2026-03-09T09:00:00Z') },
      { fanId: 'old', at: at('2026-03-10T09:00:00Z') },
    ];
    const conversion = audienceConversion(at('2026-03-01T00:00:00Z'), at('2026-03-12T00:00:00Z'), { firstMessageAt, purchases });
    // 5 minutes and 65 minutes: the median of two is their mean, 35 minutes.
    expect(conversion).toEqual({ newFans: 4, converted: 2, medianSeconds: 35 * 60 });
  });

  it('has no median without a purchase', () => {
    expect(
      audienceConversion(at('2026-03-01T00:00:00Z'), at('2026-03-12T00:00:00Z'), { firstMessageAt: new Map(), purchases: [] }),
    ).toEqual({
      newFans: 0,
      converted: 0,
      medianSeconds: null,
    });
  });
});

describe('median', () => {
  it('is the middle of an odd count, unsorted input', () => {
    expect(median([9, 1, 5])).toBe(5);
  });
});
