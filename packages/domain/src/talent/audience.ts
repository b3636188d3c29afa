// The creator's Audience (talent.audience.get): fetches the period's rows and leaves every
// definition to audience-maths.ts. Fan rows come from the frames and live messages
// (audience-rows.ts); the 12-month view counts its closed months once (audience-months.ts). Payments
// through payments_talent_created_idx, subscriptions through subscriptions_talent_idx.
// bench/creator-insights times it on a large twin; audience-frames.integration.test.ts holds it
// equal to reading every message (audience-reference.fixture.ts).
import { type Executor, payments, subscriptions } from '@doppel/db';
import type { AudienceOutput, AudiencePeriod } from '@doppel/validation';
import { and, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  type AudienceBucket,
  type AudienceCounts,
  audienceBuckets,
  audienceConversion,
  audienceSeries,
  type FanPurchase,
} from './audience-maths.ts';
import { closedMonths, rollupBehind, withClosedMonths, yearCounts, yearOfFans } from './audience-months.ts';
import { rolledUntil } from './audience-rollup.ts';
import {
  type Bucket,
  bucketOf,
  epochMs,
  fanBuckets,
  fanDays,
  firstMessages,
  notAManager,
  type Split,
  splitPeriod,
} from './audience-rows.ts';

const topSpenderCount = 10;

/** Completed payments to the twin in the period. */
async function periodPayments(db: Executor, talentId: string, from: Date): Promise<FanPurchase[]> {
  const rows = await db
    .select({ fanId: payments.userId, at: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.talentId, talentId), gte(payments.createdAt, from), isNotNull(payments.userId)));
  return rows.map((row) => ({ fanId: row.fanId as string, at: row.at }));
}

/** Subscriptions that were active at some point of the period. An ENDED one without endedAt ended when last updated. */
async function periodSubscriptions(db: Executor, talentId: string, from: Date, now: Date) {
  const ended = epochMs(
    sql`coalesce(${subscriptions.endedAt}, case when ${subscriptions.status} = 'ENDED' then ${subscriptions.updatedAt} end)`,
  );
  const rows = await db
    .select({ fanId: subscriptions.userId, startedAt: subscriptions.createdAt, endedAt: ended })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.talentId, talentId),
        lt(subscriptions.createdAt, now),
        or(isNull(subscriptions.endedAt), gte(subscriptions.endedAt, from)),
      ),
    );
  return rows.map((row) => ({ ...row, endedAt: row.endedAt === null ? null : new Date(row.endedAt) }));
}

/**
 * The 10 fans who spent most with the twin in the period: payments to it (minor units brought to
 * cents), then paid credits spent on messages. Named as the creator's screens name fans, no email.
 */
async function topSpenders(
  db: Executor,
  talentId: string,
  from: Date,
  split: Split,
  grain: Bucket,
): Promise<AudienceOutput['topSpenders']> {
  const rows = await db.execute<{ id: string; name: string; is_anonymous: boolean; cents: string; credits: string }>(sql`
    with spend as (
      select user_id, (price_amount * power(10, 2 - price_fraction_digits))::bigint as cents, 0 as credits
      from ${payments}
      where talent_id = ${talentId} and created_at >= ${from.toISOString()}::timestamptz and user_id is not null
      union all
      select d.user_id, 0, d.paid_credits
      from ${fanDays(talentId, split, grain, true)} d
      where d.paid_credits > 0 and ${notAManager(talentId, sql`d.user_id`)}
    ), top as (
      -- Summed per fan first and named after: the ten, not every payment and paid day, meet users
      -- (every spender is a user: payments keep theirs or lose it, the frames go with the chat).
      select s.user_id, sum(s.cents)::bigint as cents, sum(s.credits)::bigint as credits
      from spend s
      group by s.user_id
      order by cents desc, credits desc, s.user_id
      limit ${topSpenderCount}
    )
    select u.id, u.name, u.is_anonymous, t.cents, t.credits
    from top t join users u on u.id = t.user_id
    order by t.cents desc, t.credits desc, u.id`);
  return [...rows].map((row) => ({
    fan: { id: row.id, name: row.name, isAnonymous: row.is_anonymous },
    paidCents: Number(row.cents),
    paidCredits: Number(row.credits),
  }));
}

/** The fans of the period per bucket (as fanBuckets folds them), their first messages and paid messages. */
async function periodFans(db: Executor, talentId: string, from: Date, split: Split, grain: Bucket) {
  const [fans, firsts] = await Promise.all([fanBuckets(db, talentId, split, grain), firstMessages(db, talentId, from, split)]);
  // Only fans who wrote in the period, as reading every message found them.
  const active = new Set(fans.activity.map((row) => row.fanId));
  const firstMessageAt = new Map([...firsts].filter(([fanId]) => active.has(fanId)));
  return { activity: fans.activity, firstMessageAt, paid: fans.paid, closed: null };
}

/**
 * The 12-month view counted in Postgres (audience-months.ts yearCounts): the closed months' fans
 * and returning fans from their counts, the open month's, the totals, paying fans and the
 * conversion come back as counts; subscriptions (a few rows) are counted here as for every period.
 */
async function yearFromCounts(
  db: Executor,
  talentId: string,
  split: Split,
  buckets: AudienceBucket[],
  now: Date,
): Promise<AudienceOutput> {
  const from = (buckets[0] as AudienceBucket).start;
  const [closed, year, subscribed, spenders] = await Promise.all([
    closedMonths(db, talentId, split),
    yearCounts(db, talentId, split, buckets, now),
    periodSubscriptions(db, talentId, from, now),
    topSpenders(db, talentId, from, split, 'month'),
  ]);
  const input = { activity: [], firstMessageAt: new Map(), purchases: [], subscriptions: subscribed };
  const subscribers = audienceSeries(buckets, { start: from, end: now }, input);
  const counted = buckets.map((bucket, index) => {
    const month = year.months.get(bucket.start.toISOString().slice(0, 10));
    return {
      fans: month?.fans ?? 0,
      returning: month?.returning ?? 0,
      paying: month?.paying ?? 0,
      subscribers: (subscribers.series[index] as AudienceCounts).subscribers,
    };
  });
  const series = withClosedMonths(buckets, counted, closed, split).map((counts, index) => ({
    start: (buckets[index] as AudienceBucket).start.toISOString(),
    ...counts,
  }));
  return {
    period: '12m',
    bucket: 'month',
    from: from.toISOString(),
    to: now.toISOString(),
    totals: { ...year.totals, subscribers: subscribers.totals.subscribers },
    series,
    topSpenders: spenders,
    conversion: year.conversion,
  };
}

/** Everything the Audience screen shows for one period ending now. */
export async function getAudience(
  db: Executor,
  talentId: string,
  period: AudiencePeriod,
  now = new Date(),
): Promise<AudienceOutput> {
  const buckets = audienceBuckets(period, now);
  const from = (buckets[0] as AudienceBucket).start;
  const split = splitPeriod(from, await rolledUntil(db));
  // A year reads its closed months as counted (audience-months.ts); shorter periods fold their rows.
  const byMonths = period === '12m' && split.framesUntil !== null;
  if (byMonths && !rollupBehind(split, buckets)) return yearFromCounts(db, talentId, split, buckets, now);
  const [fans, paid, subscribed, spenders] = await Promise.all([
    byMonths ? yearOfFans(db, talentId, split, buckets) : periodFans(db, talentId, from, split, bucketOf[period]),
    periodPayments(db, talentId, from),
    periodSubscriptions(db, talentId, from, now),
    topSpenders(db, talentId, from, split, bucketOf[period]),
  ]);
  const bought = [...paid, ...fans.paid];
  const input = { activity: fans.activity, firstMessageAt: fans.firstMessageAt, purchases: bought, subscriptions: subscribed };
  const counted = audienceSeries(buckets, { start: from, end: now }, input);
  const countedSeries = fans.closed === null ? counted.series : withClosedMonths(buckets, counted.series, fans.closed, split);
  const series = buckets.map((bucket, index) => ({
    start: bucket.start.toISOString(),
    ...(countedSeries[index] as AudienceCounts),
  }));
  return {
    period,
    bucket: bucketOf[period],
    from: from.toISOString(),
    to: now.toISOString(),
    totals: counted.totals,
    series,
    topSpenders: spenders,
    conversion: audienceConversion(from, now, { firstMessageAt: fans.firstMessageAt, purchases: bought }),
  };
}
