// The Analytics tab: a talent's activity per UTC day over a bounded period (7, 30 or 90 days
// ending today). Revenue comes from the DAY earning frames (one row per day, integer micro-USD);
// messages and fans are counted from the talent's chats and their messages. Every query reads an
// index range bounded by the talent and the period, never the talent's whole history.
import { chatMessages, chats, type Executor, earningFrames, metricFrames, totalFrameKey, totalMetricFrameId } from '@doppel/db';
import type { AdminAnalyticsDay, AdminTalentAnalytics } from '@doppel/validation';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { exactInteger, fillDays, utcDayRange } from './analytics-days.ts';
import { assertTalentExists } from './talent-exists.ts';

export type GetTalentAnalyticsInput = { talentId: string; days: number };

type Activity = Omit<AdminAnalyticsDay, 'day' | 'grossMicroUsd' | 'netMicroUsd'>;
type Revenue = Pick<AdminAnalyticsDay, 'grossMicroUsd' | 'netMicroUsd'>;

const noActivity: Activity = { messages: 0, fanMessages: 0, fans: 0, payingFans: 0 };
const noRevenue: Revenue = { grossMicroUsd: 0, netMicroUsd: 0 };

/**
 * Messages and fans per day, plus the period as a whole in the same scan (grouping sets: the
 * row whose day is null is the whole period, where a fan who wrote on several days counts once).
 * A chat's updated_at is bumped with every message it gets, so chats with a message in the
 * period are the talent's chats updated since its start (chats_talent_updated_idx); their
 * messages in the period are a range of chat_messages_chat_created_idx. "Paying" fans are those
 * whose chat has spent paid credits (the chat's flag: no per-message record of payment exists).
 */
async function activityByDay(db: Executor, talentId: string, start: Date, end: Date) {
  // Literal text, not bound parameters, so the select and the grouping see the same expression.
  const day = sql<string | null>`to_char(${chatMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const fromFans = sql`${chatMessages.senderType} = 'USER'`;
  const rows = await db
    .select({
      day,
      messages: sql<string>`count(*)`,
      fanMessages: sql<string>`count(*) filter (where ${fromFans})`,
      fans: sql<string>`count(distinct ${chats.userId}) filter (where ${fromFans})`,
      payingFans: sql<string>`count(distinct ${chats.userId}) filter (where ${fromFans} and ${chats.hasUserInteractionWithPaidCredits})`,
    })
    .from(chats)
    .innerJoin(
      chatMessages,
      and(eq(chatMessages.chatId, chats.id), gte(chatMessages.createdAt, start), lt(chatMessages.createdAt, end)),
    )
    .where(and(eq(chats.talentId, talentId), gte(chats.updatedAt, start)))
    .groupBy(sql`grouping sets ((${day}), ())`);
  const toActivity = (row: (typeof rows)[number]): Activity => ({
    messages: exactInteger(row.messages),
    fanMessages: exactInteger(row.fanMessages),
    fans: exactInteger(row.fans),
    payingFans: exactInteger(row.payingFans),
  });
  return {
    days: rows.flatMap((row) => (row.day === null ? [] : [{ day: row.day, ...toActivity(row) }])),
    period: rows.find((row) => row.day === null),
    toActivity,
  };
}

/**
 * The DAY earning frames of the period (earning_frames_talent_range_started_idx), one per day, and
 * their sum: micro-USD summed by Postgres as exact integers (the null-day row of the grouping sets).
 */
async function revenueByDay(db: Executor, talentId: string, start: Date, end: Date) {
  const rows = await db
    .select({
      day: sql<string | null>`${earningFrames.key}`,
      grossMicroUsd: sql<string>`sum(${earningFrames.grossTotal})::bigint`,
      netMicroUsd: sql<string>`sum(${earningFrames.netTotal})::bigint`,
    })
    .from(earningFrames)
    .where(
      and(
        eq(earningFrames.talentId, talentId),
        eq(earningFrames.range, 'DAY'),
        gte(earningFrames.startedAt, start),
        lt(earningFrames.startedAt, end),
      ),
    )
    .groupBy(sql`grouping sets ((${earningFrames.key}), ())`);
  const toRevenue = (row: (typeof rows)[number] | undefined): Revenue => ({
    grossMicroUsd: exactInteger(row?.grossMicroUsd),
    netMicroUsd: exactInteger(row?.netMicroUsd),
  });
  return {
    days: rows.flatMap((row) => (row.day === null ? [] : [{ day: row.day, ...toRevenue(row) }])),
    period: toRevenue(rows.find((row) => row.day === null)),
  };
}

/** The TOTAL earning frame, the total metric frame and the talent's chats: all time, each an index probe. */
async function allTimeTotals(db: Executor, talentId: string, start: Date) {
  const [total] = await db
    .select({ gross: earningFrames.grossTotal, net: earningFrames.netTotal })
    .from(earningFrames)
    .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'TOTAL'), eq(earningFrames.key, totalFrameKey)))
    .limit(1);
  const [metrics] = await db
    .select({
      chatWithAuthenticationCount: metricFrames.chatWithAuthenticationCount,
      chatWithPaymentCount: metricFrames.chatWithPaymentCount,
    })
    .from(metricFrames)
    .where(and(eq(metricFrames.talentId, talentId), eq(metricFrames.id, totalMetricFrameId)))
    .limit(1);
  // Both read chats_talent_updated_idx: all of the talent's chats as an index-only count, and the
  // ones opened in the period among those updated since its start (a chat is updated when opened).
  const [allChats] = await db.select({ count: count() }).from(chats).where(eq(chats.talentId, talentId));
  const [openedChats] = await db
    .select({ count: count() })
    .from(chats)
    .where(and(eq(chats.talentId, talentId), gte(chats.updatedAt, start), gte(chats.createdAt, start)));
  return { total, metrics, chats: allChats?.count ?? 0, newChats: openedChats?.count ?? 0 };
}

/** `admin.talents.analytics`: the period's days (zeros where idle), its totals and the all-time ones; NOT_FOUND for an unknown talent. */
export async function getTalentAnalytics(
  db: Executor,
  input: GetTalentAnalyticsInput,
  now: Date = new Date(),
): Promise<AdminTalentAnalytics> {
  await assertTalentExists(db, input.talentId);
  const range = utcDayRange(now, input.days);
  const [activity, revenue, allTime] = await Promise.all([
    activityByDay(db, input.talentId, range.start, range.end),
    revenueByDay(db, input.talentId, range.start, range.end),
    allTimeTotals(db, input.talentId, range.start),
  ]);

  const activityDays = fillDays(range.keys, activity.days, (day) => ({ day, ...noActivity }));
  const revenueDays = fillDays(range.keys, revenue.days, (day) => ({ day, ...noRevenue }));
  const series = activityDays.map((dayActivity, index) => ({ ...dayActivity, ...(revenueDays[index] ?? noRevenue) }));

  return {
    talentId: input.talentId,
    days: range.days,
    from: range.from,
    to: range.to,
    series,
    period: {
      ...(activity.period ? activity.toActivity(activity.period) : noActivity),
      newChats: allTime.newChats,
      ...revenue.period,
    },
    allTime: {
      grossMicroUsd: allTime.total?.gross ?? 0,
      netMicroUsd: allTime.total?.net ?? 0,
      chats: allTime.chats,
      metrics: allTime.metrics ?? null,
    },
  };
}
