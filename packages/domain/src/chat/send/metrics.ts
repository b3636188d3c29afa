import { type Executor, metricFrames, totalMetricFrameId } from '@doppel/db';
import { sql } from 'drizzle-orm';

/** Adds to the talent's engagement counters in place (concurrent sends never lose an update). */
export async function bumpMetrics(
  tx: Executor,
  talentId: string,
  add: { chatWithAuthenticationCount: number; chatWithPaymentCount: number },
): Promise<void> {
  if (add.chatWithAuthenticationCount === 0 && add.chatWithPaymentCount === 0) return;
  await tx
    .insert(metricFrames)
    .values({ talentId, id: totalMetricFrameId, ...add })
    .onConflictDoUpdate({
      target: [metricFrames.talentId, metricFrames.id],
      set: {
        chatWithAuthenticationCount: sql`${metricFrames.chatWithAuthenticationCount} + excluded.chat_with_authentication_count`,
        chatWithPaymentCount: sql`${metricFrames.chatWithPaymentCount} + excluded.chat_with_payment_count`,
        updatedAt: sql`now()`,
      },
    });
}
