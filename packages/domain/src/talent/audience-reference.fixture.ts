// The Audience as it was computed before the daily frames (issue 31): every fan message of the
// period fetched on read. Kept only as the reference audience-frames.integration.test.ts holds
// getAudience to, on the same data; nothing else imports it.
import { chatMessages, chats, type Executor, payments, subscriptions, talentManagers } from '@doppel/db';
import type { AudienceOutput, AudiencePeriod } from '@doppel/validation';
import { and, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AudienceCounts, audienceBuckets, audienceConversion, audienceSeries, type FanPurchase } from './audience-maths.ts';

const dayMs = 86_400_000;
const topSpenderCount = 10;
const bucketOf = { '30d': 'day', '90d': 'week', '12m': 'month' } as const;

/** A computed timestamp as epoch milliseconds: raw SQL timestamps come back as text in Postgres' format. */
const epochMs = (value: SQL) => sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`;

/** The creator and the twin's other managers testing it are not its fans (issue 26 item 9). */
const notAManager = (talentId: string, fanId: SQL | typeof chats.userId = sql`c.user_id`) =>
  sql`not exists (select 1 from ${talentManagers} tm where tm.talent_id = ${talentId} and tm.user_id = ${fanId})`;

/**
 * The twin's chats with a message in the period, each read through chat_messages_chat_created_idx
 * (a LATERAL per chat): a reply or fan message bumps chats.updated_at, so older chats hold none.
 * Joined plainly instead, Postgres estimates a twin's share of the table from the average and
 * hash-joins the whole of chat_messages (bench/creator-insights).
 */
function periodFanMessages(talentId: string, from: Date, columns: SQL, paidOnly = false) {
  return sql`
    from ${chats} c
    cross join lateral (
      select ${columns} from ${chatMessages} m
      where m.chat_id = c.id and m.sender_type = 'USER' and m.created_at >= ${from.toISOString()}::timestamptz
        ${paidOnly ? sql`and m.spent_paid_credits > 0` : sql``}
    ) m
    where c.talent_id = ${talentId} and c.updated_at >= ${from.toISOString()}::timestamptz and ${notAManager(talentId)}`;
}

/** One row per fan and UTC day with a message (a fan has one chat per twin, so distinct per chat is per fan). */
async function activityDays(db: Executor, talentId: string, from: Date) {
  const rows = await db.execute<{ fan_id: string; day: number }>(
    sql`select distinct c.user_id as fan_id, m.day ${periodFanMessages(talentId, from, sql`floor(extract(epoch from m.created_at) / 86400)::int as day`)}`,
  );
  return [...rows].map((row) => ({ fanId: row.fan_id, day: new Date(Number(row.day) * dayMs) }));
}

/** Each fan active in the period, with the first message they ever sent to the twin. */
async function firstMessages(db: Executor, talentId: string, from: Date) {
  const rows = await db
    .select({
      fanId: chats.userId,
      first: epochMs(
        sql`(select min(m.created_at) from ${chatMessages} m where m.chat_id = ${chats.id} and m.sender_type = 'USER')`,
      ),
    })
    .from(chats)
    .where(
      and(
        eq(chats.talentId, talentId),
        notAManager(talentId, chats.userId),
        gte(chats.updatedAt, from),
        sql`exists (select 1 from ${chatMessages} m where m.chat_id = ${chats.id} and m.sender_type = 'USER' and m.created_at >= ${from.toISOString()}::timestamptz)`,
      ),
    );
  return new Map(rows.map((row) => [row.fanId, new Date(row.first as number)]));
}

/**
 * Payments to the twin and messages paid with paid credits, in the period. Paid messages are kept
 * as the first one per fan and day: buckets are whole days, and conversion needs only the first.
 */
async function purchases(db: Executor, talentId: string, from: Date): Promise<FanPurchase[]> {
  const [paid, spent] = await Promise.all([
    db
      .select({ fanId: payments.userId, at: payments.createdAt })
      .from(payments)
      .where(and(eq(payments.talentId, talentId), gte(payments.createdAt, from), isNotNull(payments.userId))),
    db.execute<{ fan_id: string; at: number }>(
      sql`select c.user_id as fan_id, (extract(epoch from min(m.created_at)) * 1000)::float8 as at
        ${periodFanMessages(talentId, from, sql`m.created_at`, true)}
        group by c.user_id, floor(extract(epoch from m.created_at) / 86400)`,
    ),
  ]);
  return [
    ...paid.map((row) => ({ fanId: row.fanId as string, at: row.at })),
    ...[...spent].map((row) => ({ fanId: row.fan_id, at: new Date(Number(row.at)) })),
  ];
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
async function topSpenders(db: Executor, talentId: string, from: Date): Promise<AudienceOutput['topSpenders']> {
  const rows = await db.execute<{ id: string; name: string; is_anonymous: boolean; cents: string; credits: string }>(sql`
    with spend as (
      select user_id, (price_amount * power(10, 2 - price_fraction_digits))::bigint as cents, 0 as credits
      from ${payments}
      where talent_id = ${talentId} and created_at >= ${from.toISOString()}::timestamptz and user_id is not null
      union all
      select c.user_id, 0, m.spent_paid_credits
      ${periodFanMessages(talentId, from, sql`m.spent_paid_credits`, true)}
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
export async function getAudienceFromMessages(
  db: Executor,
  talentId: string,
  period: AudiencePeriod,
  now = new Date(),
): Promise<AudienceOutput> {
  const buckets = audienceBuckets(period, now);
  const from = (buckets[0] as (typeof buckets)[number]).start;
  const [activity, firstMessageAt, bought, subscribed, spenders] = await Promise.all([
    activityDays(db, talentId, from),
    firstMessages(db, talentId, from),
    purchases(db, talentId, from),
    periodSubscriptions(db, talentId, from, now),
    topSpenders(db, talentId, from),
  ]);
  const input = { activity, firstMessageAt, purchases: bought, subscriptions: subscribed };
  const counted = audienceSeries(buckets, { start: from, end: now }, input);
  const series = buckets.map((bucket, index) => ({
    start: bucket.start.toISOString(),
    ...(counted.series[index] as AudienceCounts),
  }));
  const totals = counted.totals;
  return {
    period,
    bucket: bucketOf[period],
    from: from.toISOString(),
    to: now.toISOString(),
    totals,
    series,
    topSpenders: spenders,
    conversion: audienceConversion(from, now, { firstMessageAt, purchases: bought }),
  };
}
