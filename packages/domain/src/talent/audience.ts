// The creator's Audience (talent.audience.get): fetches the period's rows and leaves every
// definition to audience-maths.ts. Fan messages come from the daily frames (audience-rollup.ts)
// for the days rolled up, and live from chat_messages for the rest (today, and any day the
// rollup has not reached): a twin's chats active since then through chats_talent_updated_idx,
// each chat's messages through chat_messages_chat_created_idx (a LATERAL per chat). Payments
// through payments_talent_created_idx, subscriptions through subscriptions_talent_idx.
// bench/creator-insights times it on a large twin; audience-frames.integration.test.ts holds it
// equal to reading every message (audience-reference.fixture.ts).
import { type Executor, payments, subscriptions, talentManagers } from '@doppel/db';
import type { AudienceOutput, AudiencePeriod } from '@doppel/validation';
import { and, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  type AudienceCounts,
  audienceBuckets,
  audienceConversion,
  audienceSeries,
  type FanActivityDay,
  type FanPurchase,
} from './audience-maths.ts';
import { rolledUntil } from './audience-rollup.ts';

const dayMs = 86_400_000;
const topSpenderCount = 10;
const bucketOf = { '30d': 'day', '90d': 'week', '12m': 'month' } as const;
type Bucket = (typeof bucketOf)[AudiencePeriod];

/** A computed timestamp as epoch milliseconds: raw SQL timestamps come back as text in Postgres' format. */
const epochMs = (value: SQL) => sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`;

/** The creator and the twin's other managers testing it are not its fans (issue 26 item 9). */
const notAManager = (talentId: string, fanId: SQL) =>
  sql`not exists (select 1 from ${talentManagers} tm where tm.talent_id = ${talentId} and tm.user_id = ${fanId})`;

const utcDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/** Where the frames end and live messages begin, for a period starting at `from` (a UTC day start). */
type Split = { fromDay: string; liveFrom: string | null; framesUntil: string | null };

function splitPeriod(from: Date, rolled: string | null): Split {
  const fromDay = from.toISOString().slice(0, 10);
  if (rolled === null || rolled <= fromDay) return { fromDay, liveFrom: fromDay, framesUntil: null };
  return { fromDay, liveFrom: rolled, framesUntil: rolled };
}

/**
 * One row per fan chat and UTC day with a fan message in the period (or, for weeks and months the
 * rollup has closed, per fan chat and period, its last day standing for it): the frames, then the
 * days after them grouped from chat_messages. Every caller folds per fan and bucket with max, min
 * and sum, which a period's row answers as its days would. Managers are left out by the callers.
 */
function fanDays(talentId: string, split: Split, grain: Bucket): SQL {
  const liveFrom = utcDayStart(split.liveFrom as string);
  return sql`(${frames(talentId, split, grain)}
    select c.user_id, m.day, m.first_paid_at, m.paid_credits
    from chats c
    cross join lateral (
      select (m.created_at at time zone 'UTC')::date as day, min(m.created_at) filter (where m.spent_paid_credits > 0) as first_paid_at,
        coalesce(sum(m.spent_paid_credits), 0)::int as paid_credits
      from chat_messages m
      where m.chat_id = c.id and m.sender_type = 'USER' and m.created_at >= ${liveFrom}
      group by 1
    ) m
    where c.talent_id = ${talentId} and c.updated_at >= ${liveFrom})`;
}

/**
 * The rolled-up part of fanDays, ending in `union all`: closed weeks or months from
 * audience_fan_periods (those that ended by the `rolled_until` this read started from, so a rollup
 * committing meanwhile changes nothing), then the rolled days after the last of them.
 */
function frames(talentId: string, split: Split, grain: Bucket): SQL {
  if (split.framesUntil === null) return sql``;
  const days = (from: SQL) => sql`select f.user_id, f.day, f.first_paid_at, f.paid_credits from audience_fan_days f
    where f.talent_id = ${talentId} and f.day >= ${from} and f.day < ${split.framesUntil}::date
    union all `;
  if (grain === 'day') return days(sql`${split.fromDay}::date`);
  // The first day of the period still open at framesUntil: periods before it are closed.
  const openPeriod = sql`date_trunc(${grain}, ${split.framesUntil}::date::timestamp)::date`;
  return sql`select f.user_id, f.last_day as day, f.first_paid_at, f.paid_credits from audience_fan_periods f
    where f.talent_id = ${talentId} and f.grain = ${grain} and f.period_start >= ${split.fromDay}::date and f.period_start < ${openPeriod}
    union all ${days(sql`greatest(${split.fromDay}::date, ${openPeriod})`)}`;
}

/**
 * Each fan's days and paid messages, folded per bucket (day, week or month): the last day they
 * wrote and their first paid message in it. audience-maths counts a fan in a bucket when any of
 * their days or purchases is in it, and as returning when any day is after their first message's
 * day, so the last day and the first purchase answer the same as every row (and conversion
 * takes the first purchase at or after the first message, which every paid message is).
 */
async function fanBuckets(db: Executor, talentId: string, split: Split, period: AudiencePeriod) {
  // Managers are left out of the folded rows, not of every day (a hash probe per fan-day).
  const [rows, managers] = await Promise.all([
    db.execute<{ fan_id: string; last_day: number; first_paid: number | null }>(sql`
      select d.user_id as fan_id, max(d.day - date '1970-01-01')::int as last_day,
        (extract(epoch from min(d.first_paid_at)) * 1000)::float8 as first_paid
      from ${fanDays(talentId, split, bucketOf[period])} d
      group by d.user_id, date_trunc(${bucketOf[period]}, d.day::timestamp)`),
    db.select({ userId: talentManagers.userId }).from(talentManagers).where(eq(talentManagers.talentId, talentId)),
  ]);
  const managerIds = new Set(managers.map((manager) => manager.userId));
  const activity: FanActivityDay[] = [];
  const paid: FanPurchase[] = [];
  for (const row of rows) {
    if (managerIds.has(row.fan_id)) continue;
    activity.push({ fanId: row.fan_id, day: new Date(Number(row.last_day) * dayMs) });
    if (row.first_paid !== null) paid.push({ fanId: row.fan_id, at: new Date(Number(row.first_paid)) });
  }
  return { activity, paid };
}

/**
 * The first message each fan of the period ever sent to the twin: rolled up for chats the frames
 * hold (all earlier messages are there), else the earliest live one. Fans of chats active in the
 * period; the caller keeps those with a message in it.
 */
async function firstMessages(db: Executor, talentId: string, from: Date, split: Split) {
  const liveFirst =
    split.framesUntil === null
      ? sql`(select min(m.created_at) from chat_messages m where m.chat_id = c.id and m.sender_type = 'USER')`
      : sql`(select min(m.created_at) from chat_messages m
          where m.chat_id = c.id and m.sender_type = 'USER' and m.created_at >= ${utcDayStart(split.framesUntil)})`;
  const rows = await db.execute<{ fan_id: string; first: number | null }>(sql`
    select c.user_id as fan_id, ${epochMs(sql`coalesce(fm.first_message_at, ${liveFirst})`)} as first
    from chats c left join audience_first_messages fm on fm.chat_id = c.id
    where c.talent_id = ${talentId} and c.updated_at >= ${from.toISOString()}::timestamptz
      and ${notAManager(talentId, sql`c.user_id`)}`);
  const firsts = new Map<string, Date>();
  for (const row of rows) if (row.first !== null) firsts.set(row.fan_id, new Date(Number(row.first)));
  return firsts;
}

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
      from ${fanDays(talentId, split, grain)} d
      where d.paid_credits > 0 and ${notAManager(talentId, sql`d.user_id`)}
    )
    select u.id, u.name, u.is_anonymous, sum(s.cents)::bigint as cents, sum(s.credits)::bigint as credits
    from spend s join users u on u.id = s.user_id
    group by u.id
    order by cents desc, credits desc, u.id
    limit ${topSpenderCount}`);
  return [...rows].map((row) => ({
    fan: { id: row.id, name: row.name, isAnonymous: row.is_anonymous },
    paidCents: Number(row.cents),
    paidCredits: Number(row.credits),
  }));
}

/** Everything the Audience screen shows for one period ending now. */
export async function getAudience(
  db: Executor,
  talentId: string,
  period: AudiencePeriod,
  now = new Date(),
): Promise<AudienceOutput> {
  const buckets = audienceBuckets(period, now);
  const from = (buckets[0] as (typeof buckets)[number]).start;
  const split = splitPeriod(from, await rolledUntil(db));
  const [fans, firsts, paid, subscribed, spenders] = await Promise.all([
    fanBuckets(db, talentId, split, period),
    firstMessages(db, talentId, from, split),
    periodPayments(db, talentId, from),
    periodSubscriptions(db, talentId, from, now),
    topSpenders(db, talentId, from, split, bucketOf[period]),
  ]);
  // Only fans who wrote in the period, as reading every message found them.
  const active = new Set(fans.activity.map((row) => row.fanId));
  const firstMessageAt = new Map([...firsts].filter(([fanId]) => active.has(fanId)));
  const bought = [...paid, ...fans.paid];
  const input = { activity: fans.activity, firstMessageAt, purchases: bought, subscriptions: subscribed };
  const counted = audienceSeries(buckets, { start: from, end: now }, input);
  const series = buckets.map((bucket, index) => ({
    start: bucket.start.toISOString(),
    ...(counted.series[index] as AudienceCounts),
  }));
  return {
    period,
    bucket: bucketOf[period],
    from: from.toISOString(),
    to: now.toISOString(),
    totals: counted.totals,
    series,
    topSpenders: spenders,
    conversion: audienceConversion(from, now, { firstMessageAt, purchases: bought }),
  };
}
