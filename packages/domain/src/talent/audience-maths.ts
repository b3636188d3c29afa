// The creator's Audience figures from plain rows: buckets of a period, fans, returning, paying
// and subscribing fans per bucket, and the conversion from first message to first purchase.
// Pure (no database) so every definition is unit-tested; audience.ts only fetches the rows.
// Days are UTC days: the server does not know the creator's time zone, and one fixed calendar
// keeps the buckets stable between refreshes.
import type { AudiencePeriod } from '@doppel/validation';

const dayMs = 86_400_000;

export type AudienceBucket = { start: Date; end: Date };

/** A fan sent at least one message to the twin on this UTC day. */
export type FanActivityDay = { fanId: string; day: Date };
/** A purchase: a completed payment to the twin, or a message paid with paid credits. */
export type FanPurchase = { fanId: string; at: Date };
/** A subscription to the twin, active from `startedAt` until `endedAt` (null: still active). */
export type FanSubscription = { fanId: string; startedAt: Date; endedAt: Date | null };

export type AudienceCounts = { fans: number; returning: number; paying: number; subscribers: number };
export type AudienceConversion = {
  /** Fans whose first message to the twin is in the period. */
  newFans: number;
  /** Of those, fans who made a purchase at or after their first message. */
  converted: number;
  /** Median time from first message to first purchase of the converted fans; null when none. */
  medianSeconds: number | null;
};

export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / dayMs) * dayMs);
}

function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * dayMs);
}

function addUtcMonths(at: Date, months: number): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/**
 * The period's buckets, oldest first, the last one holding `now`: 30 days by day, 90 days by
 * week (13 weeks starting on Mondays) and 12 months by calendar month. The last bucket ends at
 * `now`, so "subscribers at the end of the bucket" is today's count, not tomorrow's.
 */
export function audienceBuckets(period: AudiencePeriod, now: Date): AudienceBucket[] {
  const today = startOfUtcDay(now);
  let starts: Date[];
  let next: (start: Date) => Date;
  if (period === '30d') {
    starts = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29));
    next = (start) => addDays(start, 1);
  } else if (period === '90d') {
    const monday = addDays(today, -((today.getUTCDay() + 6) % 7));
    starts = Array.from({ length: 13 }, (_, i) => addDays(monday, 7 * (i - 12)));
    next = (start) => addDays(start, 7);
  } else {
    const month = addUtcMonths(now, 0);
    starts = Array.from({ length: 12 }, (_, i) => addUtcMonths(month, i - 11));
    next = (start) => addUtcMonths(start, 1);
  }
  return starts.map((start) => {
    const end = next(start);
    return { start, end: end > now ? now : end };
  });
}

// Dates are compared by their numbers: `<` between two Dates converts each through
// Symbol.toPrimitive, which V8 does not optimise, and a year of a large twin compares ~100,000.
const inside = (at: Date, from: Date, to: Date) => {
  const time = at.getTime();
  return time >= from.getTime() && time < to.getTime();
};

/** Subscribed at `at`: started by then and not ended yet. */
const subscribedAt = (subscription: FanSubscription, at: Date) =>
  subscription.startedAt.getTime() <= at.getTime() &&
  (subscription.endedAt === null || subscription.endedAt.getTime() > at.getTime());

/**
 * The four counts for one window. A fan counts once however many messages they sent. Returning:
 * they wrote on a day after the day of their first message to the twin (they came back).
 * Subscribers: distinct fans with an active subscription at `end`.
 */
export function audienceCounts(
  window: AudienceBucket,
  input: {
    activity: FanActivityDay[];
    firstMessageAt: Map<string, Date>;
    purchases: FanPurchase[];
    subscriptions: FanSubscription[];
  },
): AudienceCounts {
  const fans = new Set<string>();
  const returning = new Set<string>();
  for (const { fanId, day } of input.activity) {
    // A day bucket is [00:00, 24:00), so the day's start decides whether it is inside.
    if (!inside(day, startOfUtcDay(window.start), window.end)) continue;
    fans.add(fanId);
    const first = input.firstMessageAt.get(fanId);
    if (first && day > startOfUtcDay(first)) returning.add(fanId);
  }
  const paying = new Set(input.purchases.filter((p) => inside(p.at, window.start, window.end)).map((p) => p.fanId));
  const subscribers = new Set(input.subscriptions.filter((s) => subscribedAt(s, window.end)).map((s) => s.fanId));
  return { fans: fans.size, returning: returning.size, paying: paying.size, subscribers: subscribers.size };
}

type CountSets = { fans: Set<string>; returning: Set<string>; paying: Set<string> };

/** Index of the last of the sorted `starts` at or before `at`, or -1 (binary search). */
function lastAtOrBefore(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= at) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * `audienceCounts` for every bucket and for the whole period (`totals`), in one pass over the
 * rows instead of one pass per bucket: a year of a large twin's fan-days is ~200,000 rows and 13
 * windows. Same definitions; the unit tests hold the two to the same answers.
 */
export function audienceSeries(
  buckets: readonly AudienceBucket[],
  period: AudienceBucket,
  input: Parameters<typeof audienceCounts>[1],
): { series: AudienceCounts[]; totals: AudienceCounts } {
  const empty = (): CountSets => ({ fans: new Set(), returning: new Set(), paying: new Set() });
  const perBucket = buckets.map(empty);
  const whole = empty();
  const dayStarts = buckets.map((bucket) => startOfUtcDay(bucket.start).getTime());
  const starts = buckets.map((bucket) => bucket.start.getTime());
  const periodDayStart = startOfUtcDay(period.start).getTime();
  const periodEnd = period.end.getTime();
  for (const { fanId, day } of input.activity) {
    const at = day.getTime();
    const first = input.firstMessageAt.get(fanId)?.getTime();
    // They came back: this day is after the day of their first message.
    const returned = first !== undefined && at > Math.floor(first / dayMs) * dayMs;
    // A day bucket is [00:00, 24:00), so the day's start decides whether it is inside.
    const index = lastAtOrBefore(dayStarts, at);
    const bucket = buckets[index];
    if (bucket && at < bucket.end.getTime()) {
      perBucket[index]?.fans.add(fanId);
      if (returned) perBucket[index]?.returning.add(fanId);
    }
    if (at >= periodDayStart && at < periodEnd) {
      whole.fans.add(fanId);
      if (returned) whole.returning.add(fanId);
    }
  }
  for (const { fanId, at } of input.purchases) {
    const time = at.getTime();
    const index = lastAtOrBefore(starts, time);
    const bucket = buckets[index];
    if (bucket && time < bucket.end.getTime()) perBucket[index]?.paying.add(fanId);
    if (time >= period.start.getTime() && time < periodEnd) whole.paying.add(fanId);
  }
  const spans = input.subscriptions.map((s) => ({
    fanId: s.fanId,
    start: s.startedAt.getTime(),
    end: s.endedAt === null ? Number.POSITIVE_INFINITY : s.endedAt.getTime(),
  }));
  const subscribersAt = (end: Date) => {
    const at = end.getTime();
    const fans = new Set<string>();
    for (const span of spans) if (span.start <= at && span.end > at) fans.add(span.fanId);
    return fans.size;
  };
  const counts = (sets: CountSets, end: Date): AudienceCounts => ({
    fans: sets.fans.size,
    returning: sets.returning.size,
    paying: sets.paying.size,
    subscribers: subscribersAt(end),
  });
  return {
    series: perBucket.map((sets, index) => counts(sets, (buckets[index] as AudienceBucket).end)),
    totals: counts(whole, period.end),
  };
}

/** The middle value (mean of the two middle ones for an even count), rounded to whole units. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(value);
}

/**
 * Of the fans whose first message to the twin falls in [from, to), how many bought afterwards
 * (a payment or a paid-credit message at or after that first message), and the median time it
 * took. A purchase made before the first message (credits bought elsewhere) does not count.
 */
export function audienceConversion(
  from: Date,
  to: Date,
  input: { firstMessageAt: Map<string, Date>; purchases: FanPurchase[] },
): AudienceConversion {
  const fromTime = from.getTime();
  const toTime = to.getTime();
  /** Each new fan's first message, as a number. */
  const firstOf = new Map<string, number>();
  for (const [fanId, first] of input.firstMessageAt) {
    const time = first.getTime();
    if (time >= fromTime && time < toTime) firstOf.set(fanId, time);
  }
  const firstPurchase = new Map<string, number>();
  for (const { fanId, at } of input.purchases) {
    const first = firstOf.get(fanId);
    const time = at.getTime();
    if (first === undefined || time < first) continue;
    const known = firstPurchase.get(fanId);
    if (known === undefined || time < known) firstPurchase.set(fanId, time);
  }
  const waits = [...firstPurchase].map(([fanId, at]) => (at - (firstOf.get(fanId) as number)) / 1000);
  return { newFans: firstOf.size, converted: firstPurchase.size, medianSeconds: median(waits) };
}
