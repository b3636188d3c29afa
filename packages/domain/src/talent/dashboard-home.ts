import { type Executor, earningFrames, metricFrames, payouts, staticAttachments, totalMetricFrameId } from '@doppel/db';
import { type DashboardHome, disbursableAfterMs } from '@doppel/validation';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { frameSlots } from '../earnings/frame-keys.ts';
import { disbursableCents, microUsdToCentsFloor } from '../money/money.ts';
import { shareUrlOf } from './links.ts';
import { loadTalent } from './load.ts';
import { taskProgress } from './task-ladder.ts';

/**
 * Net micro-USD of DAY frames that ended at least 24 hours before `now`. Earnings become
 * disbursable 24 hours after they were made (spec 9); a day frame only counts once its whole day
 * is that old, so nothing younger than 24 hours is ever counted, at the cost of up to one more day
 * of waiting for the earliest earnings of a day. Exact and cheap: one indexed sum.
 */
export async function settledNetMicroUsd(db: Executor, talentId: string, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - disbursableAfterMs);
  const [row] = await db
    .select({ net: sql<string>`coalesce(sum(${earningFrames.netTotal}), 0)` })
    .from(earningFrames)
    .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'DAY'), lte(earningFrames.endedAt, cutoff)));
  return Number(row?.net ?? 0);
}

/** Cents of the twin's payouts that hold money back: pending and executed (rejected and failed give it back). */
export async function committedPayoutCents(db: Executor, talentId: string): Promise<number[]> {
  const rows = await db
    .select({ amount: payouts.amount })
    .from(payouts)
    .where(and(eq(payouts.talentId, talentId), inArray(payouts.status, ['PENDING', 'EXECUTED']), eq(payouts.currency, 'USD')));
  return rows.map((row) => row.amount);
}

/**
 * The dashboard home: the task ladder, the share link, the earnings summary (floored cents: all
 * time, this UTC month, disbursable) and engagement (fans who chatted signed in, fans who paid)
 * from the twin's total metric frame.
 */
export async function getDashboardHome(
  db: Executor,
  talentId: string,
  publicUrl: string,
  now = new Date(),
): Promise<DashboardHome> {
  const { talent, config } = await loadTalent(db, talentId);
  const [gallery] = await db.select({ count: count() }).from(staticAttachments).where(eq(staticAttachments.talentId, talentId));
  const monthKey = frameSlots(now).find((slot) => slot.range === 'MONTH')?.key ?? '';
  const frames = await db
    .select({ range: earningFrames.range, key: earningFrames.key, netTotal: earningFrames.netTotal })
    .from(earningFrames)
    .where(
      and(
        eq(earningFrames.talentId, talentId),
        sql`(${earningFrames.range} = 'TOTAL' or (${earningFrames.range} = 'MONTH' and ${earningFrames.key} = ${monthKey}))`,
      ),
    );
  const [metrics] = await db
    .select()
    .from(metricFrames)
    .where(and(eq(metricFrames.talentId, talentId), eq(metricFrames.id, totalMetricFrameId)))
    .limit(1);
  const settled = await settledNetMicroUsd(db, talentId, now);
  const paidOut = await committedPayoutCents(db, talentId);

  return {
    progress: taskProgress({
      staticAttachmentCount: gallery?.count ?? 0,
      hasVoice: config.voice !== null,
      conversationStarterCount: talent.chatMessageSuggestions.length,
    }),
    shareUrl: shareUrlOf(publicUrl, talent.tag),
    earnings: {
      totalNetCents: microUsdToCentsFloor(frames.find((frame) => frame.range === 'TOTAL')?.netTotal ?? 0),
      thisMonthNetCents: microUsdToCentsFloor(frames.find((frame) => frame.range === 'MONTH')?.netTotal ?? 0),
      disbursableCents: disbursableCents(settled, paidOut),
    },
    engagement: {
      users: metrics?.chatWithAuthenticationCount ?? 0,
      payingUsers: metrics?.chatWithPaymentCount ?? 0,
    },
  };
}
