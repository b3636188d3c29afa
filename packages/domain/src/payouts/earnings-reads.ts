// The creator's earnings screens (docs/product-rules.md#earnings-and-withdrawal): reads of the earning frames (the fast read model of
// the talent ledger) and of the payouts, each one indexed query, whatever the twin's history.
import { type Executor, earningFrames, payouts, talentConfigs } from '@doppel/db';
import {
  type EarningBreakdown,
  type EarningsMonthDays,
  type EarningsOverview,
  type EarningsPayouts,
  earningSources,
  minimumPayoutCents,
  type Withdrawal,
} from '@doppel/validation';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../admin/paging.ts';
import { disbursableCents } from './disbursable.ts';
import { toPayoutView } from './payout-view.ts';

/** The creator's payout list: 50 a page (docs/product-rules.md#calls, creator lists). */
export const creatorPayoutPageSize = 50;

type FrameRow = typeof earningFrames.$inferSelect;

const sourceColumns = {
  sendMessage: ['grossSendMessage', 'netSendMessage'],
  unlockImage: ['grossUnlockImage', 'netUnlockImage'],
  unlockAudio: ['grossUnlockAudio', 'netUnlockAudio'],
  subscription: ['grossSubscription', 'netSubscription'],
  referral: ['grossReferral', 'netReferral'],
  reversal: ['grossReversal', 'netReversal'],
} as const satisfies Record<keyof EarningBreakdown, readonly [keyof FrameRow, keyof FrameRow]>;

function breakdownOf(frame: FrameRow): EarningBreakdown {
  const entries = [...earningSources, 'reversal' as const].map((source) => {
    const [gross, net] = sourceColumns[source];
    return [source, { grossMicroUsd: frame[gross] as number, netMicroUsd: frame[net] as number }];
  });
  return Object.fromEntries(entries) as EarningBreakdown;
}

/** `talent.earnings.overview`: the TOTAL frame, every MONTH frame newest first, and the disbursable amount. */
export async function getEarningsOverview(db: Executor, talentId: string, now = new Date()): Promise<EarningsOverview> {
  const [frames, disbursable] = await Promise.all([
    db
      .select()
      .from(earningFrames)
      .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'MONTH')))
      .orderBy(desc(earningFrames.startedAt)),
    disbursableCents(db, talentId, now),
  ]);
  const months = frames.map((frame) => ({
    id: frame.key,
    startedAt: frame.startedAt.toISOString(),
    grossMicroUsd: frame.grossTotal,
    netMicroUsd: frame.netTotal,
    breakdown: breakdownOf(frame),
  }));
  return {
    // The months add up to the total frame; summing them saves reading it.
    totalGrossMicroUsd: months.reduce((sum, month) => sum + month.grossMicroUsd, 0),
    totalNetMicroUsd: months.reduce((sum, month) => sum + month.netMicroUsd, 0),
    disbursableCents: disbursable,
    minimumPayoutCents,
    months,
  };
}

/** `talent.earnings.month`: the month's DAY frames, oldest first (the chart's x axis). */
export async function getEarningsMonth(db: Executor, talentId: string, month: string): Promise<EarningsMonthDays> {
  const days = await db
    .select({
      id: earningFrames.key,
      startedAt: earningFrames.startedAt,
      grossMicroUsd: earningFrames.grossTotal,
      netMicroUsd: earningFrames.netTotal,
    })
    .from(earningFrames)
    .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'DAY'), eq(earningFrames.parentKey, month)))
    .orderBy(asc(earningFrames.startedAt));
  return { id: month, days: days.map((day) => ({ ...day, startedAt: day.startedAt.toISOString() })) };
}

const newestFirst: KeysetSort = {
  key: 'createdAt',
  column: payouts.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: payouts.id,
};

/** `talent.earnings.payouts`: the twin's payouts, newest first, keyset-paged on (created_at, id). */
export async function listCreatorPayouts(
  db: Executor,
  input: { talentId: string; cursor?: string | null | undefined },
): Promise<EarningsPayouts> {
  const rows = await db
    .select({
      id: payouts.id,
      status: payouts.status,
      amount: payouts.amount,
      currency: payouts.currency,
      transferType: payouts.transferType,
      requestedAt: payouts.requestedAt,
      executedAt: payouts.executedAt,
      rejectedAt: payouts.rejectedAt,
      failedAt: payouts.failedAt,
      createdAt: payouts.createdAt,
      rejectionReason: payouts.rejectionReason,
      sortValue: sortValueOf(newestFirst),
    })
    .from(payouts)
    .where(and(eq(payouts.talentId, input.talentId), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(creatorPayoutPageSize));
  const page = toPage(rows, newestFirst, creatorPayoutPageSize);
  return { items: page.rows.map(toPayoutView), nextCursor: page.nextCursor };
}

/** `talent.earnings.withdrawal`: what a request would withdraw now and the details the talent used last. */
export async function getWithdrawal(db: Executor, talentId: string, now = new Date()): Promise<Withdrawal> {
  const [[config], amountCents] = await Promise.all([
    db
      .select({
        accountHolderName: talentConfigs.accountHolderName,
        iban: talentConfigs.iban,
        bic: talentConfigs.bic,
        payPalEmail: talentConfigs.payPalEmail,
        taxId: talentConfigs.taxId,
      })
      .from(talentConfigs)
      .where(eq(talentConfigs.id, talentId)),
    disbursableCents(db, talentId, now),
  ]);
  const hasBank = Boolean(config?.iban);
  const hasPayPal = Boolean(config?.payPalEmail);
  const details =
    config && (hasBank || hasPayPal)
      ? { transferType: hasBank ? ('BANK_TRANSFER' as const) : ('PAYPAL' as const), ...config }
      : null;
  return { amountCents, minimumPayoutCents, details };
}
