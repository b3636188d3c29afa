// The bank file (docs/payouts.md#executing-payouts): pending bank-transfer payouts as one credit transfer
// file (pain.001, written by the bank-file writer) the admin uploads to the bank. Making the file moves no money and changes no
// status: the admin marks each payout EXECUTED once the bank has paid it.
import { type Executor, payouts, talents } from '@doppel/db';
import type { AdminPayoutBankFile } from '@doppel/validation';
import { and, asc, eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import type { BankDebtor, BankFileWriter, BankTransfer } from '../ports/payouts.ts';

export const bankDebtorNotConfigured =
  'Set PAYOUT_BANK_DEBTOR_NAME, PAYOUT_BANK_DEBTOR_IBAN and PAYOUT_BANK_DEBTOR_BIC to make bank files.';

async function pendingBankPayouts(db: Executor) {
  return db
    .select({ payout: payouts, talentName: talents.name })
    .from(payouts)
    .innerJoin(talents, eq(talents.id, payouts.talentId))
    .where(and(eq(payouts.status, 'PENDING'), eq(payouts.transferType, 'BANK_TRANSFER')))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
}

export async function bankFileStatus(
  db: Executor,
  debtor: BankDebtor | null,
): Promise<{ unavailableReason: string | null; pendingBankPayouts: number }> {
  const pending = await pendingBankPayouts(db);
  return { unavailableReason: debtor ? null : bankDebtorNotConfigured, pendingBankPayouts: pending.length };
}

export async function makeBankFile(
  db: Executor,
  debtor: BankDebtor | null,
  writer: BankFileWriter,
  now = new Date(),
): Promise<AdminPayoutBankFile> {
  if (!debtor) throw new DomainError('NOT_CONFIGURED', bankDebtorNotConfigured);
  const pending = await pendingBankPayouts(db);
  if (pending.length === 0) throw new DomainError('INVALID', 'There are no pending bank payouts.');
  const transfers = pending.map(
    ({ payout, talentName }): BankTransfer => ({
      endToEndId: payout.id,
      amountCents: payout.amount,
      currency: payout.currency,
      creditorName: payout.accountHolderName ?? talentName,
      iban: payout.iban ?? '',
      bic: payout.bic ?? '',
      remittance: `Doppel payout ${payout.id} for ${talentName}`,
    }),
  );
  const stamp = now.toISOString().replace(/[-:]/g, '').slice(0, 15);
  const messageId = `DOPPEL-${stamp}-${pending.length}`;
  return {
    filename: `doppel-payouts-${stamp}.xml`,
    xml: writer.write({ messageId, createdAt: now, debtor, transfers }),
    payoutCount: transfers.length,
    totalCents: transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0),
  };
}
