// The 12-month Audience's fans without a row per fan and month: the months the rollup has closed
// are counted once per twin (audience_twin_months, written by audience-rollup.ts), and one row per
// fan (its first message and last day, audience_first_messages) answers the year's totals and the
// month still open. Only paid months are read per fan (paying fans and conversion), through the
// frames' partial indexes. yearCounts counts all of that in Postgres and returns counts only;
// yearOfFans returns the rows for audience-maths when the rollup is a month or more behind.
// audience-frames.integration.test.ts holds both equal to every message.
import type { Executor } from '@doppel/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AudienceBucket, AudienceConversion, AudienceCounts, FanActivityDay } from './audience-maths.ts';
import { median } from './audience-maths.ts';
import { monthCounts } from './audience-rollup.ts';
import { epochMs, fanBuckets, fanDays, notAManager, openPeriodStart, type Split, utcDayStart } from './audience-rows.ts';

type MonthFans = Pick<AudienceCounts, 'fans' | 'returning'>;

/**
 * Fans and returning fans of each month closed by the `rolled_until` this read started from, by
 * its first day (YYYY-MM-DD); a closed month without a row had none. The twin's managers are
 * counted there (managers change) and taken away here, from their own month rows.
 */
export async function closedMonths(db: Executor, talentId: string, split: Split): Promise<Map<string, MonthFans>> {
  const managersChats = sql`p.talent_id = ${talentId} and p.chat_id in (
    select c.id from chats c join talent_managers tm on tm.user_id = c.user_id and tm.talent_id = c.talent_id
    where c.talent_id = ${talentId})`;
  const rows = await db.execute<{ month: string; fans: number; returning_fans: number }>(sql`
    select t.month::text as month, t.fans - coalesce(m.fans, 0) as fans,
      t.returning_fans - coalesce(m.returning_fans, 0) as returning_fans
    from audience_twin_months t left join (${monthCounts(managersChats)}) m on m.month = t.month
    where t.talent_id = ${talentId} and t.month >= ${split.fromDay}::date
      and t.month < ${openPeriodStart('month', split.framesUntil as string)}`);
  return new Map(rows.map((row) => [row.month, { fans: Number(row.fans), returning: Number(row.returning_fans) }]));
}

const dayMs = 86_400_000;

type FanSpan = { first: Date; lastDay: Date };

/**
 * The chats written to since the frames end (`liveFrom`), each with its first and last fan message
 * since then (`m.first`, `m.last`) and its rolled-up first message if any (`fm`): the live part of
 * a year's fans, read by fanSpans and yearCounts alike.
 */
const liveFanChats = (talentId: string, liveFrom: SQL) => sql`from chats c
      left join audience_first_messages fm on fm.chat_id = c.id
      cross join lateral (
        select min(m.created_at) as first, max(m.created_at) as last from chat_messages m
        where m.chat_id = c.id and m.sender_type = 'USER' and m.created_at >= ${liveFrom}
      ) m
      where c.talent_id = ${talentId} and c.updated_at >= ${liveFrom} and m.last is not null
        and ${notAManager(talentId, sql`c.user_id`)}`;

/**
 * Each fan who wrote in the period: their first message to the twin ever and the last day they
 * wrote. Rolled up (audience_first_messages by twin and last day, one row per fan), then the live
 * days of the chats written to since the frames end, which may be a fan's first or last.
 */
async function fanSpans(db: Executor, talentId: string, split: Split): Promise<Map<string, FanSpan>> {
  const liveFrom = utcDayStart(split.framesUntil as string);
  type Row = { fan_id: string; first: number; last_day: number };
  const [rolled, live] = await Promise.all([
    db.execute<Row>(sql`
      select fm.user_id as fan_id, ${epochMs(sql`fm.first_message_at`)} as first, fm.last_day - date '1970-01-01' as last_day
      from audience_first_messages fm
      where fm.talent_id = ${talentId} and fm.last_day >= ${split.fromDay}::date and ${notAManager(talentId, sql`fm.user_id`)}`),
    db.execute<Row>(sql`
      select c.user_id as fan_id, ${epochMs(sql`coalesce(fm.first_message_at, m.first)`)} as first,
        (m.last at time zone 'UTC')::date - date '1970-01-01' as last_day
      ${liveFanChats(talentId, liveFrom)}`),
  ]);
  const spans = new Map<string, FanSpan>();
  for (const row of [...rolled, ...live]) {
    const known = spans.get(row.fan_id);
    // The rolled first message is the earlier one; the live last day the later one.
    const lastDay = Math.max(Number(row.last_day) * dayMs, known?.lastDay.getTime() ?? 0);
    spans.set(row.fan_id, { first: known?.first ?? new Date(Number(row.first)), lastDay: new Date(lastDay) });
  }
  return spans;
}

/** Epoch milliseconds, truncated as a JS Date truncates them (so comparisons match audience-maths'). */
const ms = (value: SQL) => sql`floor(extract(epoch from ${value}) * 1000)::bigint`;

/** Whether the rollup is a month or more behind the year's last bucket: then the months since are folded from their days. */
export function rollupBehind(split: Split, buckets: AudienceBucket[]): boolean {
  const framesUntil = split.framesUntil as string;
  const lastBucketStart = (buckets.at(-1) as AudienceBucket).start.toISOString().slice(0, 10);
  return `${framesUntil.slice(0, 7)}-01` < lastBucketStart;
}

type FanCounts = Pick<AudienceCounts, 'fans' | 'returning' | 'paying'>;

/** What the year's counts come back as: one row, counts only. */
type YearRow = {
  /** Paying fans per month, by the month's bucket index (1 for the first). */
  paying: { month: number; paying: number }[] | null;
  fans: number;
  returning: number;
  open_fans: number;
  open_returning: number;
  paying_fans: number;
  new_fans: number;
  converted: number;
  middle_waits: number[] | null;
};

/**
 * The year's counts, counted in Postgres so only counts come back: the same definitions as
 * audience-maths over the rows yearOfFans returns, when the rollup is not behind (rollupBehind).
 *
 * Each fan of the year stands once, as their chat's span (one chat per fan and twin,
 * chats_user_talent_unique): its row in audience_first_messages, which the rollup keeps current
 * (first message, last rolled day), or, for the few chats written to since the frames end, that row
 * with the live last day (`live`, taking the chat's rolled row out). No grouping per fan: one pass
 * over the spans counts the totals (a fan wrote in the period when their last day is in it and came
 * back when that day is after their first), the open month (the only one not counted per twin:
 * withClosedMonths) and the new fans. Purchases are the period's payments and the paid fan-months
 * (or paid days of the open month), as rows: paying fans per month and in all are distinct fans
 * among them, and a new fan's first purchase at or after their first message (compared in whole
 * milliseconds, as the JS maths compared them) gives the conversion and the middle one or two waits.
 */
export async function yearCounts(db: Executor, talentId: string, split: Split, buckets: AudienceBucket[], now: Date) {
  const framesUntil = split.framesUntil as string;
  const liveFrom = utcDayStart(framesUntil);
  const from = (buckets[0] as AudienceBucket).start;
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const openMonth = `${framesUntil.slice(0, 7)}-01`;
  // The month a purchase falls in, as its bucket's index (1 for the first): comparisons with the
  // month starts rather than converting every row's timestamp to a UTC date.
  const starts = buckets.map((bucket) => bucket.start.toISOString());
  const monthStarts = sql`array[${sql.join(
    starts.map((start) => sql`${start}`),
    sql`, `,
  )}]::timestamptz[]`;
  const monthDays = sql`array[${sql.join(
    starts.map((start) => sql`${start.slice(0, 10)}`),
    sql`, `,
  )}]::date[]`;
  const [row] = await db.execute<YearRow>(sql`
    with live as (
      select c.id as chat_id, c.user_id as fan_id, coalesce(fm.first_message_at, m.first) as first,
        (coalesce(fm.first_message_at, m.first) at time zone 'UTC')::date as first_day, (m.last at time zone 'UTC')::date as last_day
      ${liveFanChats(talentId, liveFrom)}
    ), spans as (
      select fm.user_id as fan_id, fm.first_message_at as first, fm.first_day, fm.last_day
      from audience_first_messages fm
      where fm.talent_id = ${talentId} and fm.last_day >= ${split.fromDay}::date and ${notAManager(talentId, sql`fm.user_id`)}
        and not exists (select 1 from live where live.chat_id = fm.chat_id)
      union all
      select fan_id, first, first_day, last_day from live
    ), span_counts as (
      select count(*)::int as fans, (count(*) filter (where last_day > first_day))::int as returning,
        (count(*) filter (where last_day >= ${openMonth}::date))::int as open_fans,
        (count(*) filter (where last_day >= ${openMonth}::date and last_day > first_day))::int as open_returning,
        (count(*) filter (where first >= ${fromAt} and first < ${nowAt}))::int as new_fans
      from spans
    ), purchases as (
      select user_id as fan_id, created_at as at, width_bucket(created_at, ${monthStarts}) as month
      from payments
      where talent_id = ${talentId} and created_at >= ${fromAt} and user_id is not null
      union all
      select d.user_id, d.first_paid_at, width_bucket(d.day, ${monthDays})
      from ${fanDays(talentId, split, 'month', true)} d
      where ${notAManager(talentId, sql`d.user_id`)}
    ), paying_months as (
      -- Byte-wise ("C"): only equal ids matter here, and the database's collation costs a sort of them.
      select month, fan_id collate "C" as fan_id from purchases where at >= ${fromAt} and at < ${nowAt} group by month, 2
    ), waits as (
      -- At or after the first message in whole milliseconds: the exact comparison first, the
      -- truncated one only for a purchase within the millisecond before it.
      select ${ms(sql`min(p.at)`)} - ${ms(sql`s.first`)} as wait
      from spans s join purchases p on p.fan_id = s.fan_id
        and (p.at >= s.first or (p.at > s.first - interval '1 millisecond'
          and date_trunc('milliseconds', p.at) >= date_trunc('milliseconds', s.first)))
      where s.first >= ${fromAt} and s.first < ${nowAt}
      group by s.fan_id, s.first
    )
    select sc.*,
      (select json_agg(json_build_object('month', month, 'paying', paying)) from (
        select month, count(*) as paying from paying_months group by month) p) as paying,
      (select count(distinct fan_id) from paying_months)::int as paying_fans,
      (select count(*) from waits)::int as converted,
      (select json_agg(wait order by wait) from (
        select wait from waits order by wait
        offset ((select count(*) from waits) - 1) / 2 limit 2 - (select count(*) from waits) % 2) w) as middle_waits
    from span_counts sc`);
  const year = row as YearRow;
  const months = new Map<string, FanCounts>();
  if (year.open_fans > 0) months.set(openMonth, { fans: year.open_fans, returning: year.open_returning, paying: 0 });
  for (const month of year.paying ?? []) {
    const start = starts[month.month - 1]?.slice(0, 10);
    if (start === undefined) continue;
    const known = months.get(start) ?? { fans: 0, returning: 0, paying: 0 };
    months.set(start, { ...known, paying: Number(month.paying) });
  }
  const conversion: AudienceConversion = {
    newFans: year.new_fans,
    converted: year.converted,
    // As audience-maths: each wait in seconds, the mean of the two middle ones for an even count.
    medianSeconds: median((year.middle_waits ?? []).map((wait) => Number(wait) / 1000)),
  };
  const totals: FanCounts = { fans: year.fans, returning: year.returning, paying: year.paying_fans };
  return { months, totals, conversion };
}

/**
 * The rows audience-maths needs for the year, and the closed months' counts that replace its own
 * for those buckets. Each fan of the period stands once, on their last day: that answers the
 * totals (they wrote in the period; they came back when that day is after their first) and the
 * bucket holding it. That is the right count for the month holding `now`, the only one not
 * closed once the rollup has closed the month before it; were the rollup a month or more behind,
 * the months since the frames' open one are folded from their days as for the other periods.
 */
export async function yearOfFans(db: Executor, talentId: string, split: Split, buckets: AudienceBucket[]) {
  const framesUntil = split.framesUntil as string;
  const behind = rollupBehind(split, buckets);
  const [closed, spans, paidMonths, openMonths] = await Promise.all([
    closedMonths(db, talentId, split),
    fanSpans(db, talentId, split),
    fanBuckets(db, talentId, split, 'month', true),
    behind
      ? fanBuckets(db, talentId, { ...split, fromDay: `${framesUntil.slice(0, 7)}-01` }, 'month')
      : Promise.resolve({ activity: [] as FanActivityDay[] }),
  ]);
  const activity: FanActivityDay[] = [...openMonths.activity];
  const firstMessageAt = new Map<string, Date>();
  for (const [fanId, span] of spans) {
    activity.push({ fanId, day: span.lastDay });
    firstMessageAt.set(fanId, span.first);
  }
  return { activity, firstMessageAt, paid: paidMonths.paid, closed };
}

/** The series with each closed month's fans and returning fans from its count (none when it has no row). */
export function withClosedMonths(
  buckets: AudienceBucket[],
  series: AudienceCounts[],
  closed: Map<string, MonthFans>,
  split: Split,
): AudienceCounts[] {
  const openMonth = `${(split.framesUntil as string).slice(0, 7)}-01`;
  return series.map((counts, index) => {
    const start = (buckets[index] as AudienceBucket).start.toISOString().slice(0, 10);
    if (start >= openMonth) return counts;
    return { ...counts, ...(closed.get(start) ?? { fans: 0, returning: 0 }) };
  });
}
