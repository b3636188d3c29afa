// The Audience's fan rows, shared by every period (audience.ts) and the 12-month view's months
// (audience-months.ts): fan messages from the frames (audience-rollup.ts) for the days rolled up,
// and live from chat_messages for the rest (today, and any day the rollup has not reached): a
// twin's chats active since then through chats_talent_updated_idx, each chat's messages through
// chat_messages_chat_created_idx (a LATERAL per chat).
import { type Executor, talentManagers } from '@doppel/db';
import type { AudiencePeriod } from '@doppel/validation';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FanActivityDay, FanPurchase } from './audience-maths.ts';

const dayMs = 86_400_000;
export const bucketOf = { '30d': 'day', '90d': 'week', '12m': 'month' } as const;
export type Bucket = (typeof bucketOf)[AudiencePeriod];

/** A computed timestamp as epoch milliseconds: raw SQL timestamps come back as text in Postgres' format. */
export const epochMs = (value: SQL) => sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`;

/** The creator and the twin's other managers testing it are not its fans (issue 26 item 9). */
export const notAManager = (talentId: string, fanId: SQL) =>
  sql`not exists (select 1 from ${talentManagers} tm where tm.talent_id = ${talentId} and tm.user_id = ${fanId})`;

export const utcDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/** Where the frames end and live messages begin, for a period starting at `from` (a UTC day start). */
export type Split = { fromDay: string; liveFrom: string | null; framesUntil: string | null };

export function splitPeriod(from: Date, rolled: string | null): Split {
  const fromDay = from.toISOString().slice(0, 10);
  if (rolled === null || rolled <= fromDay) return { fromDay, liveFrom: fromDay, framesUntil: null };
  return { fromDay, liveFrom: rolled, framesUntil: rolled };
}

/** The first day (YYYY-MM-DD) of the week or month still open at `framesUntil`: periods before it are closed. */
export const openPeriodStart = (grain: 'week' | 'month', framesUntil: string) =>
  sql`date_trunc(${grain}, ${framesUntil}::date::timestamp)::date`;

/**
 * One row per fan chat and UTC day with a fan message in the period (or, for weeks and months the
 * rollup has closed, per fan chat and period, its last day standing for it): the frames, then the
 * days after them grouped from chat_messages. Every caller folds per fan and bucket with max, min
 * and sum, which a period's row answers as its days would. Managers are left out by the callers.
 * `paidOnly` keeps the rows with a paid message (through the frames' partial indexes on them).
 */
export function fanDays(talentId: string, split: Split, grain: Bucket, paidOnly = false): SQL {
  const liveFrom = utcDayStart(split.liveFrom as string);
  const paid = paidOnly ? sql`and m.first_paid_at is not null` : sql``;
  return sql`(${frames(talentId, split, grain, paidOnly)}
    select c.user_id, m.day, m.first_paid_at, m.paid_credits
    from chats c
    cross join lateral (
      select (m.created_at at time zone 'UTC')::date as day, min(m.created_at) filter (where m.spent_paid_credits > 0) as first_paid_at,
        coalesce(sum(m.spent_paid_credits), 0)::int as paid_credits
      from chat_messages m
      where m.chat_id = c.id and m.sender_type = 'USER' and m.created_at >= ${liveFrom}
      group by 1
    ) m
    where c.talent_id = ${talentId} and c.updated_at >= ${liveFrom} ${paid})`;
}

/**
 * The rolled-up part of fanDays, ending in `union all`: closed weeks or months from
 * audience_fan_periods (those that ended by the `rolled_until` this read started from, so a rollup
 * committing meanwhile changes nothing), then the rolled days after the last of them.
 */
function frames(talentId: string, split: Split, grain: Bucket, paidOnly: boolean): SQL {
  if (split.framesUntil === null) return sql``;
  const paid = paidOnly ? sql`and f.first_paid_at is not null` : sql``;
  const days = (from: SQL) => sql`select f.user_id, f.day, f.first_paid_at, f.paid_credits from audience_fan_days f
    where f.talent_id = ${talentId} and f.day >= ${from} and f.day < ${split.framesUntil}::date ${paid}
    union all `;
  if (grain === 'day') return days(sql`${split.fromDay}::date`);
  const openPeriod = openPeriodStart(grain, split.framesUntil);
  return sql`select f.user_id, f.last_day as day, f.first_paid_at, f.paid_credits from audience_fan_periods f
    where f.talent_id = ${talentId} and f.grain = ${grain} and f.period_start >= ${split.fromDay}::date and f.period_start < ${openPeriod} ${paid}
    union all ${days(sql`greatest(${split.fromDay}::date, ${openPeriod})`)}`;
}

/**
 * Each fan's days and paid messages, folded per bucket (day, week or month): the last day they
 * wrote and their first paid message in it. audience-maths counts a fan in a bucket when any of
 * their days or purchases is in it, and as returning when any day is after their first message's
 * day, so the last day and the first purchase answer the same as every row (and conversion
 * takes the first purchase at or after the first message, which every paid message is).
 */
export async function fanBuckets(db: Executor, talentId: string, split: Split, grain: Bucket, paidOnly = false) {
  // Managers are left out of the folded rows, not of every day (a hash probe per fan-day).
  const [rows, managers] = await Promise.all([
    db.execute<{ fan_id: string; last_day: number; first_paid: number | null }>(sql`
      select d.user_id as fan_id, max(d.day - date '1970-01-01')::int as last_day,
        (extract(epoch from min(d.first_paid_at)) * 1000)::float8 as first_paid
      from ${fanDays(talentId, split, grain, paidOnly)} d
      group by d.user_id, date_trunc(${grain}, d.day::timestamp)`),
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
export async function firstMessages(db: Executor, talentId: string, from: Date, split: Split) {
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
