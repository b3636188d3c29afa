import { type Executor, earningFrames, newId, talentConfigs } from '@doppel/db';
import { and, eq, or, sql } from 'drizzle-orm';
import { builtOnce } from '../chat/send/built-once.ts';
import { earningOfGross, earningOfPaidCredits } from '../money/money.ts';
import { frameSlots } from './frame-keys.ts';
import { earningEntries, insertLedgerEntries, reversalEntries } from './ledger-entries.ts';

/** What a fan paid for; each source has its own gross and net columns in the frames. */
export type EarningSource = 'sendMessage' | 'unlockImage' | 'unlockAudio' | 'subscription';

type Amounts = { gross: number; net: number };

const columns = {
  sendMessage: ['grossSendMessage', 'netSendMessage'],
  unlockImage: ['grossUnlockImage', 'netUnlockImage'],
  unlockAudio: ['grossUnlockAudio', 'netUnlockAudio'],
  subscription: ['grossSubscription', 'netSubscription'],
  referral: ['grossReferral', 'netReferral'],
  reversal: ['grossReversal', 'netReversal'],
} as const;

/**
 * Adds an amount to the talent's DAY, MONTH and TOTAL frames in one statement. Each row is
 * incremented in place (insert … on conflict do update set x = x + excluded.x), so concurrent
 * spends never lose an update, and rows are always touched in the same order (day, month,
 * total), so concurrent transactions cannot deadlock on them.
 */
async function addToFrames(
  tx: Executor,
  talentId: string,
  source: keyof typeof columns,
  amounts: Amounts,
  at: Date,
): Promise<void> {
  // Reversals (refunds, disputes) are kept in their own columns and come off the totals.
  const sign = source === 'reversal' ? -1 : 1;
  const values: Record<string, unknown> = {
    talentId,
    grossTotal: sign * amounts.gross,
    netTotal: sign * amounts.net,
    gross: amounts.gross,
    net: amounts.net,
  };
  frameSlots(at).forEach((slot, index) => {
    values[`id${index}`] = newId();
    values[`range${index}`] = slot.range;
    values[`key${index}`] = slot.key;
    values[`parentKey${index}`] = slot.parentKey;
    values[`startedAt${index}`] = slot.startedAt.toISOString();
    values[`endedAt${index}`] = slot.endedAt?.toISOString() ?? null;
  });
  await framesStatement(source)(tx, values);
}

const framesStatements = new Map<keyof typeof columns, (tx: Executor, values: Record<string, unknown>) => Promise<unknown[]>>();

/**
 * The frames insert of one source, built once per process (chat/send/built-once.ts): every paid
 * send books one, and drizzle took longer to build it than Postgres to run it. The three rows'
 * values are placeholders, ids included (a default computed by drizzle would be built once with
 * the statement); timestamps go as SQL placeholders, ISO strings or null, as drizzle's column
 * encoder cannot take a null end.
 */
function framesStatement(source: keyof typeof columns) {
  let statement = framesStatements.get(source);
  if (statement) return statement;
  const [grossColumn, netColumn] = columns[source];
  const placeholder = (name: string) => sql`${sql.placeholder(name)}`;
  const increment = (column: keyof typeof earningFrames.$inferInsert) =>
    sql`${earningFrames[column as 'grossTotal']} + excluded.${sql.identifier(snake(column))}`;
  statement = builtOnce(`add_to_frames_${source}`, (tx) =>
    tx
      .insert(earningFrames)
      .values(
        [0, 1, 2].map((index) => ({
          id: sql.placeholder(`id${index}`),
          talentId: sql.placeholder('talentId'),
          range: sql.placeholder(`range${index}`),
          key: sql.placeholder(`key${index}`),
          parentKey: sql.placeholder(`parentKey${index}`),
          startedAt: placeholder(`startedAt${index}`),
          endedAt: placeholder(`endedAt${index}`),
          grossTotal: sql.placeholder('grossTotal'),
          netTotal: sql.placeholder('netTotal'),
          [grossColumn]: sql.placeholder('gross'),
          [netColumn]: sql.placeholder('net'),
        })),
      )
      .onConflictDoUpdate({
        target: [earningFrames.talentId, earningFrames.range, earningFrames.key],
        set: {
          grossTotal: increment('grossTotal'),
          netTotal: increment('netTotal'),
          [grossColumn]: increment(grossColumn),
          [netColumn]: increment(netColumn),
          updatedAt: sql`now()`,
        },
      }),
  );
  framesStatements.set(source, statement);
  return statement;
}

/**
 * Gives back a reversal (negative amounts) in frames that already hold it: a plain update, since
 * an insert's candidate row would fail the non-negative check before its conflict is seen.
 */
async function undoReversalInFrames(tx: Executor, talentId: string, amounts: Amounts, at: Date): Promise<void> {
  const slots = frameSlots(at);
  await tx
    .update(earningFrames)
    .set({
      grossTotal: sql`${earningFrames.grossTotal} + ${amounts.gross}`,
      netTotal: sql`${earningFrames.netTotal} + ${amounts.net}`,
      grossReversal: sql`${earningFrames.grossReversal} - ${amounts.gross}`,
      netReversal: sql`${earningFrames.netReversal} - ${amounts.net}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(earningFrames.talentId, talentId),
        or(...slots.map((slot) => and(eq(earningFrames.range, slot.range), eq(earningFrames.key, slot.key)))),
      ),
    );
}

function snake(camel: string): string {
  return camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

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
 * grow and their totals shrink, in the frames of `at`. Negative amounts give back a reversal
 * (a dispute won), booked at the reversal's own date so no frame's reversal goes below zero.
 */
export async function bookEarningReversal(tx: Executor, reversal: EarningReversal, at: Date, ledgerKey: string): Promise<void> {
  await insertLedgerEntries(tx, reversalEntries({ ...reversal, key: ledgerKey, at }));
  if (reversal.grossMicroUsd < 0 || reversal.referralMicroUsd < 0) {
    const undo = (talentId: string, gross: number, net: number) =>
      undoReversalInFrames(tx, talentId, { gross: -gross, net: -net }, at);
    await Promise.all([
      undo(reversal.talentId, reversal.grossMicroUsd, reversal.netMicroUsd),
      reversal.referralTalentId && reversal.referralMicroUsd !== 0
        ? undo(reversal.referralTalentId, reversal.referralMicroUsd, reversal.referralMicroUsd)
        : undefined,
    ]);
    return;
  }
  await Promise.all([
    reversal.grossMicroUsd !== 0 || reversal.netMicroUsd !== 0
      ? addToFrames(tx, reversal.talentId, 'reversal', { gross: reversal.grossMicroUsd, net: reversal.netMicroUsd }, at)
      : undefined,
    reversal.referralTalentId && reversal.referralMicroUsd !== 0
      ? addToFrames(
          tx,
          reversal.referralTalentId,
          'reversal',
          { gross: reversal.referralMicroUsd, net: reversal.referralMicroUsd },
          at,
        )
      : undefined,
  ]);
}

/** Works out what paid credits earn (a read of the talent's shares); books nothing yet. */
export async function planPaidSpend(tx: Executor, input: PaidSpendInput): Promise<PlannedEarning> {
  const [shares] = await tx.select(earningShareColumns).from(talentConfigs).where(eq(talentConfigs.id, input.talentId));
  if (!shares) throw new Error(`talent ${input.talentId} has no config`);
  return planEarning(shares, input);
}

/**
 * Books a planned earning: the talent's gross and net (its revenue share) for the source, and the
 * referring talent's share of the same gross as its referral earnings. These frame rows are shared
 * by every fan of the talent, so callers book as the last statement before their commit.
 */
export async function bookPaidSpend(tx: Executor, plan: PlannedEarning): Promise<void> {
  if (plan.grossMicroUsd === 0) return;
  const { talentId, source } = plan.input;
  const at = plan.input.at ?? new Date();
  // Issued together, so postgres.js pipelines them in one round trip (and in this order).
  await Promise.all([
    insertLedgerEntries(
      tx,
      earningEntries({
        key: plan.input.ledgerKey,
        talentId,
        source,
        grossMicroUsd: plan.grossMicroUsd,
        netMicroUsd: plan.netMicroUsd,
        referralTalentId: plan.referralTalentId,
        referralMicroUsd: plan.referralMicroUsd,
        at,
      }),
    ),
    addToFrames(tx, talentId, source, { gross: plan.grossMicroUsd, net: plan.netMicroUsd }, at),
    // The referrer keeps all of its referral share: gross and net are the same amount.
    plan.referralTalentId && plan.referralMicroUsd > 0
      ? addToFrames(tx, plan.referralTalentId, 'referral', { gross: plan.referralMicroUsd, net: plan.referralMicroUsd }, at)
      : undefined,
  ]);
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
