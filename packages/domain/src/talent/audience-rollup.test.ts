// The pure parts the daily frames rest on: where the rollup stops, and that folding a fan's days
// and purchases to one per bucket (the last day, the first purchase), as audience.ts's SQL does,
// leaves every count and the conversion unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceBuckets, audienceConversion, audienceSeries, type FanActivityDay, type FanPurchase } from './audience-maths.ts';
import { firstOpenDay } from './audience-rollup.ts';

const dayMs = 86_400_000;

describe('firstOpenDay', () => {
  it('is today once the day has been going for an hour, else yesterday', () => {
    expect(firstOpenDay(new Date('2026-03-12T15:00:00Z'))).toBe('2026-03-12');
    expect(firstOpenDay(new Date('2026-03-12T01:00:00Z'))).toBe('2026-03-12');
    expect(firstOpenDay(new Date('2026-03-12T00:59:59Z'))).toBe('2026-03-11');
  });
});

describe('one row per fan and bucket answers as every row', () => {
  const now = new Date('2026-03-12T15:00:00Z');
  const fan = fc.constantFrom('a', 'b', 'c', 'd');
  const daysAgo = fc.integer({ min: 0, max: 400 });

  it('for every period', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ fan, daysAgo, paid: fc.boolean(), minute: fc.integer({ min: 0, max: 1439 }) }), { maxLength: 40 }),
        fc.constantFrom('30d' as const, '90d' as const, '12m' as const),
        (messages, period) => {
          const buckets = audienceBuckets(period, now);
          const from = (buckets[0] as (typeof buckets)[number]).start;
          const today = Math.floor(now.getTime() / dayMs) * dayMs;
          const sent = messages
            .map((m) => ({ ...m, at: new Date(today - m.daysAgo * dayMs + m.minute * 60_000) }))
            .filter((m) => m.at <= now);
          const firstMessageAt = new Map<string, Date>();
          for (const m of sent) {
            const known = firstMessageAt.get(m.fan);
            if (!known || m.at < known) firstMessageAt.set(m.fan, m.at);
          }
          const inPeriod = sent.filter((m) => m.at >= from);
          const activity: FanActivityDay[] = inPeriod.map((m) => ({
            fanId: m.fan,
            day: new Date(Math.floor(m.at.getTime() / dayMs) * dayMs),
          }));
          const purchases: FanPurchase[] = inPeriod.filter((m) => m.paid).map((m) => ({ fanId: m.fan, at: m.at }));
          const bucketOf = (at: Date) =>
            buckets.findIndex((b) => at >= b.start && at < new Date(Math.max(b.end.getTime(), b.start.getTime() + dayMs)));
          const fold = <Row extends { fanId: string }>(rows: Row[], when: (row: Row) => Date, keep: (a: Row, b: Row) => Row) => {
            const kept = new Map<string, Row>();
            for (const row of rows) {
              const key = `${row.fanId}/${bucketOf(when(row))}`;
              const known = kept.get(key);
              kept.set(key, known ? keep(known, row) : row);
            }
            return [...kept.values()];
          };
          const lastDays = fold(
            activity,
            (row) => row.day,
            (a, b) => (a.day > b.day ? a : b),
          );
          const firstPurchases = fold(
            purchases,
            (row) => row.at,
            (a, b) => (a.at < b.at ? a : b),
          );
          const active = new Map([...firstMessageAt].filter(([id]) => activity.some((row) => row.fanId === id)));
          const all = { activity, firstMessageAt: active, purchases, subscriptions: [] };
          const folded = { activity: lastDays, firstMessageAt: active, purchases: firstPurchases, subscriptions: [] };
          const period_ = { start: from, end: now };
          expect(audienceSeries(buckets, period_, folded)).toEqual(audienceSeries(buckets, period_, all));
          expect(audienceConversion(from, now, folded)).toEqual(audienceConversion(from, now, all));
        },
      ),
    );
  });
});
