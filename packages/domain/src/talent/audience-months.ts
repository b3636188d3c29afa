// The 12-month Audience's fans without a row per fan and month: the months the rollup has closed
// are counted once per twin (audience_twin_months, written by audience-rollup.ts), and one row per
// fan (its first message and last day, audience_first_messages) answers the year's totals and the
// month still open. Only paid months are read per fan (paying fans and conversion), through the
// frames' partial indexes. audience-frames.integration.test.ts holds it equal to every message.
import type { Executor } from '@doppel/db';
import { sql } from 'drizzle-orm';
import type { AudienceBucket, AudienceCounts, FanActivityDay } from './audience-maths.ts';
import { monthCounts } from './audience-rollup.ts';
import { epochMs, fanBuckets, notAManager, openPeriodStart, type Split, utcDayStart } from './audience-rows.ts';

type MonthFans = Pick<AudienceCounts, 'fans' | 'returning'>;

/**
 * Fans and returning fans of each month closed by the `rolled_until` this read started from, by
 * its first day (YYYY-MM-DD); a closed month without a row had none. The twin's managers are
 * counted there (managers change) and taken away here, from their own month rows.
 */
async function closedMonths(db: Executor, talentId: string, split: Split): Promise<Map<string, MonthFans>> {
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
      from chats c
      left join audience_first_messages fm on fm.chat_id = c.id
      cross join lateral (
        select min(m.created_at) as first, max(m.created_at) as last from chat_messages m
        where m.chat_id = c.id and m.sender_type = 'USER' and m.created_at >= ${liveFrom}
      ) m
      where c.talent_id = ${talentId} and c.updated_at >= ${liveFrom} and m.last is not null
        and ${notAManager(talentId, sql`c.user_id`)}`),
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
  const lastBucketStart = (buckets.at(-1) as AudienceBucket).start.toISOString().slice(0, 10);
  const behind = `${framesUntil.slice(0, 7)}-01` < lastBucketStart;
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
