// Talent ledger entries of earnings (docs/payouts.md): an earning, a reversal or a reinstatement is
// booked by writing its immutable entries; the database adds each to the talent's earning frames
// when the transaction commits (migration 0041), so the frames are always the ledger's sums.
// `key` is the movement's unique key; the referrer's entry adds `:referral`.
import { type Executor, talentLedger } from '@doppel/db';
import type { EarningSource } from '@doppel/validation';

type LedgerRow = typeof talentLedger.$inferInsert;

/** The entries of an earning: the talent's, and the referrer's share when there is one. */
export function earningEntries(input: {
  key: string;
  talentId: string;
  source: Exclude<EarningSource, 'referral'>;
  grossMicroUsd: number;
  netMicroUsd: number;
  referralTalentId: string | null;
  referralMicroUsd: number;
  at: Date;
}): LedgerRow[] {
  const rows: LedgerRow[] = [
    {
      key: input.key,
      talentId: input.talentId,
      kind: 'EARNING',
      source: input.source,
      grossMicroUsd: input.grossMicroUsd,
      netMicroUsd: input.netMicroUsd,
      occurredAt: input.at,
    },
  ];
  if (input.referralTalentId && input.referralMicroUsd > 0) {
    rows.push({
      key: `${input.key}:referral`,
      talentId: input.referralTalentId,
      kind: 'EARNING',
      source: 'referral',
      grossMicroUsd: input.referralMicroUsd,
      netMicroUsd: input.referralMicroUsd,
      occurredAt: input.at,
    });
  }
  return rows;
}

/**
 * The entries of a reversal (positive amounts taken back: kind REVERSAL, negative in the ledger)
 * or of a reversal undone (negative amounts: kind REINSTATEMENT, positive in the ledger).
 */
export function reversalEntries(input: {
  key: string;
  talentId: string;
  grossMicroUsd: number;
  netMicroUsd: number;
  referralTalentId: string | null;
  referralMicroUsd: number;
  at: Date;
}): LedgerRow[] {
  const kind = input.grossMicroUsd < 0 || input.referralMicroUsd < 0 ? 'REINSTATEMENT' : 'REVERSAL';
  const rows: LedgerRow[] = [];
  if (input.grossMicroUsd !== 0 || input.netMicroUsd !== 0) {
    rows.push({
      key: input.key,
      talentId: input.talentId,
      kind,
      grossMicroUsd: -input.grossMicroUsd,
      netMicroUsd: -input.netMicroUsd,
      occurredAt: input.at,
    });
  }
  if (input.referralTalentId && input.referralMicroUsd !== 0) {
    rows.push({
      key: `${input.key}:referral`,
      talentId: input.referralTalentId,
      kind,
      source: 'referral',
      grossMicroUsd: -input.referralMicroUsd,
      netMicroUsd: -input.referralMicroUsd,
      occurredAt: input.at,
    });
  }
  return rows;
}

/** Inserts entries; a key booked before fails the transaction (the caller books each movement once). */
export async function insertLedgerEntries(tx: Executor, rows: LedgerRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(talentLedger).values(rows);
}
