// admin.safety.report (docs/safety.md): crisis referrals per month, counts only, never a message's
// text: what California's SB 243 asks operators to report every year.
import { crisisReferrals, type Executor } from '@doppel/db';
import type { SafetyReport, SafetyReportMonth } from '@doppel/validation';
import { desc, sql } from 'drizzle-orm';

/** Every month with a referral, newest first (UTC months). */
export async function safetyReport(db: Executor): Promise<SafetyReport> {
  const month = sql<string>`to_char(${crisisReferrals.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      referrals: sql<number>`count(*)::int`,
      detected: sql<number>`(count(*) filter (where ${crisisReferrals.source} <> 'PAUSED'))::int`,
      whilePaused: sql<number>`(count(*) filter (where ${crisisReferrals.source} = 'PAUSED'))::int`,
      chats: sql<number>`count(distinct ${crisisReferrals.chatId})::int`,
    })
    .from(crisisReferrals)
    .groupBy(month)
    .orderBy(desc(month));
  return { months: rows };
}

const csvHeader = 'month,referrals,detected,while_paused,chats';

/** The report as CSV (UTF-8, one header line), what the admins export for the yearly report. */
export function safetyReportCsv(months: readonly SafetyReportMonth[]): string {
  const lines = months.map((row) => [row.month, row.referrals, row.detected, row.whilePaused, row.chats].join(','));
  return `${[csvHeader, ...lines].join('\n')}\n`;
}
