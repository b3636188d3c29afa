import { type Executor, talentConfigs } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { earningOfGross, earningOfPaidCredits } from '../money/money.ts';
import { earningEntries, insertLedgerEntries, reversalEntries } from './ledger-entries.ts';

/** What a fan paid for; each source has its own gross and net columns in the frames. */
export type EarningSource = 'sendMessage' | 'unlockImage' | 'unlockAudio' | 'subscription';

export type RecordedEarning = {
  grossMicroUsd: number;
  netMicroUsd: number;
  referralMicroUsd: number;
  referralTalentId: string | null;
};

export type PaidSpendInput = {
  talentId: string;
  source: EarningSource;
  paidCredits: number;
  /** The movement's unique talent ledger key: `message:{id}`, `unlock:{messageId}:{attachmentId}`, `payment:{key}`. */
  ledgerKey: string;
  at?: Date | undefined;
};
export type PlannedEarning = RecordedEarning & { input: PaidSpendInput };

/** The talent config columns that decide who earns what; callers may select them in a join. */
export const earningShareColumns = {
  revenueSharePpm: talentConfigs.revenueSharePpm,
  referralTalentId: talentConfigs.referralTalentId,
  referralSharePpm: talentConfigs.referralRevenueShareForInviterPpm,
};
export type EarningShares = { revenueSharePpm: number; referralTalentId: string | null; referralSharePpm: number };

/** Works out what paid credits earn under the talent's shares; books nothing. */
export function planEarning(shares: EarningShares, input: PaidSpendInput): PlannedEarning {
  const { referralTalentId } = shares;
  const earning = earningOfPaidCredits(
    input.paidCredits,
    shares.revenueSharePpm,
    referralTalentId ? shares.referralSharePpm : null,
  );
  return { ...earning, referralTalentId, input };
}

/** Works out what money paid directly (a subscription) earns under the talent's shares; books nothing. */
export function planEarningOfGross(
  shares: EarningShares,
  input: { talentId: string; source: EarningSource; grossMicroUsd: number; ledgerKey: string; at?: Date },
): PlannedEarning {
  const { referralTalentId } = shares;
  const earning = earningOfGross(input.grossMicroUsd, shares.revenueSharePpm, referralTalentId ? shares.referralSharePpm : null);
  return {
    ...earning,
    referralTalentId,
    input: { talentId: input.talentId, source: input.source, paidCredits: 0, ledgerKey: input.ledgerKey, at: input.at },
  };
}

/** Reads the talent's shares (who earns what), for planning an earning or its reversal. */
export async function earningSharesOf(tx: Executor, talentId: string): Promise<EarningShares> {
  const [shares] = await tx.select(earningShareColumns).from(talentConfigs).where(eq(talentConfigs.id, talentId));
  if (!shares) throw new Error(`talent ${talentId} has no config`);
  return shares;
}

export type EarningReversal = {
  talentId: string;
  grossMicroUsd: number;
  netMicroUsd: number;
  referralMicroUsd: number;
  referralTalentId: string | null;
};

/**
 * Takes earnings back (a refund or a dispute): the talent's and the referrer's reversal columns
 * grow and their totals shrink, in the frames of `at`, when the caller's transaction commits (the
 * ledger's entries are booked into the frames by the database: docs/payouts.md). Negative amounts
 * give back a reversal (a dispute won), booked at the reversal's own date so no frame's reversal
 * goes below zero.
 */
export async function bookEarningReversal(tx: Executor, reversal: EarningReversal, at: Date, ledgerKey: string): Promise<void> {
  await insertLedgerEntries(tx, reversalEntries({ ...reversal, key: ledgerKey, at }));
}

/** Works out what paid credits earn (a read of the talent's shares); books nothing yet. */
export async function planPaidSpend(tx: Executor, input: PaidSpendInput): Promise<PlannedEarning> {
  const [shares] = await tx.select(earningShareColumns).from(talentConfigs).where(eq(talentConfigs.id, input.talentId));
  if (!shares) throw new Error(`talent ${input.talentId} has no config`);
  return planEarning(shares, input);
}

/**
 * Books a planned earning: the talent's gross and net (its revenue share) for the source, and the
 * referring talent's share of the same gross as its referral earnings, as ledger entries. The
 * database adds them to the talents' DAY, MONTH and TOTAL frames when the caller's transaction
 * commits (docs/payouts.md): those rows are shared by every fan of the talent, and are then held
 * only while Postgres commits, not while the caller finishes its transaction.
 */
export async function bookPaidSpend(tx: Executor, plan: PlannedEarning): Promise<void> {
  if (plan.grossMicroUsd === 0) return;
  const { talentId, source } = plan.input;
  await insertLedgerEntries(
    tx,
    earningEntries({
      key: plan.input.ledgerKey,
      talentId,
      source,
      grossMicroUsd: plan.grossMicroUsd,
      netMicroUsd: plan.netMicroUsd,
      referralTalentId: plan.referralTalentId,
      referralMicroUsd: plan.referralMicroUsd,
      at: plan.input.at ?? new Date(),
    }),
  );
}

/**
 * Books what paid credits earn, inside the caller's transaction (the one that spent them). Free
 * credits earn nothing and are not booked.
 */
export async function recordPaidSpend(tx: Executor, input: PaidSpendInput): Promise<RecordedEarning> {
  const { input: _input, ...earning } = await planPaidSpend(tx, input);
  await bookPaidSpend(tx, { ...earning, input });
  return earning;
}
