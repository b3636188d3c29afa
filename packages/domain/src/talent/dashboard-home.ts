import { type Executor, earningFrames, metricFrames, staticAttachments, totalMetricFrameId } from '@doppel/db';
import { type DashboardHome, microUsdToCentsFloor } from '@doppel/validation';
import { and, count, eq, sql } from 'drizzle-orm';
import { frameSlots } from '../earnings/frame-keys.ts';
import { disbursableCents } from '../payouts/disbursable.ts';
import { shareUrlOf } from './links.ts';
import { loadTalent } from './load.ts';
import { taskProgress } from './task-ladder.ts';

/**
 * The dashboard home: the task ladder, the share link, the earnings summary (floored cents: all
 * time, this UTC month, today (UTC), disbursable) and engagement (fans who chatted signed in, fans who paid)
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
  const slots = frameSlots(now);
  const monthKey = slots.find((slot) => slot.range === 'MONTH')?.key ?? '';
  const dayKey = slots.find((slot) => slot.range === 'DAY')?.key ?? '';
  const frames = await db
    .select({ range: earningFrames.range, key: earningFrames.key, netTotal: earningFrames.netTotal })
    .from(earningFrames)
    .where(
      and(
        eq(earningFrames.talentId, talentId),
        sql`(${earningFrames.range} = 'TOTAL' or (${earningFrames.range} = 'MONTH' and ${earningFrames.key} = ${monthKey}) or (${earningFrames.range} = 'DAY' and ${earningFrames.key} = ${dayKey}))`,
      ),
    );
  const [metrics] = await db
    .select()
    .from(metricFrames)
    .where(and(eq(metricFrames.talentId, talentId), eq(metricFrames.id, totalMetricFrameId)))
    .limit(1);
  const disbursable = await disbursableCents(db, talentId, now);

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
      todayNetCents: microUsdToCentsFloor(frames.find((frame) => frame.range === 'DAY')?.netTotal ?? 0),
      disbursableCents: disbursable,
    },
    engagement: {
      users: metrics?.chatWithAuthenticationCount ?? 0,
      payingUsers: metrics?.chatWithPaymentCount ?? 0,
    },
  };
}
