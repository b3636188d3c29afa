// The disbursable amount (docs/product-rules.md#constants-and-limits, docs/payouts.md#the-disbursable-amount): net earnings older than 24 hours minus
// the payouts that hold money (pending or executed), floored to cents, never below zero.
import { type Executor, earningFrames, talentConfigs } from '@doppel/db';
import { disbursableAfterMs, microUsdPerCent } from '@doppel/validation';
import { and, eq, sql } from 'drizzle-orm';

/**
 * Net micro-USD the talent may withdraw against, read from its DAY frames (one indexed sum):
 * - a day's net counts once the whole day ended at least 24 hours ago, so nothing younger than
 *   24 hours is ever counted (at the cost of up to a day's more wait for a day's first earnings);
 * - reversals (refunds, disputes) count at once, even in days still settling, so money being
 *   taken back can never be withdrawn in the meantime.
 */
export async function settledNetMicroUsd(db: Executor, talentId: string, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - disbursableAfterMs);
  const [row] = await db
    .select({
      net: sql<string>`coalesce(sum(case when ${earningFrames.endedAt} <= ${cutoff.toISOString()}::timestamptz then ${earningFrames.netTotal} else -${earningFrames.netReversal} end), 0)`,
    })
    .from(earningFrames)
    .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'DAY')));
  return Number(row?.net ?? 0);
}

/** Pure: floor(settled net to cents) minus held payout cents, never below zero. */
export function disbursableOf(settledNet: number, heldCents: number): number {
  const settledCents = Math.floor(settledNet / microUsdPerCent);
  return Math.max(0, settledCents - heldCents);
}

/**
 * The disbursable cents now. `total_payout_amount` is the sum of pending and executed payouts,
 * kept in the same transaction as each payout's ledger entry; a caller that is about to hold money
 * must lock the talent config row first (`lockPayoutBalance`) so two requests cannot both see it.
 */
export async function disbursableCents(db: Executor, talentId: string, now: Date): Promise<number> {
  const [config] = await db
    .select({ held: talentConfigs.totalPayoutAmount })
    .from(talentConfigs)
    .where(eq(talentConfigs.id, talentId));
  return disbursableOf(await settledNetMicroUsd(db, talentId, now), config?.held ?? 0);
}

/**
 * Locks the talent's payout balance (its config row) for the rest of the transaction. Every
 * payout request and status change takes this lock first, so they run one at a time per talent.
 */
export async function lockPayoutBalance(tx: Executor, talentId: string): Promise<number | undefined> {
  const [config] = await tx
    .select({ held: talentConfigs.totalPayoutAmount })
    .from(talentConfigs)
    .where(eq(talentConfigs.id, talentId))
    .for('update');
  return config?.held;
}
