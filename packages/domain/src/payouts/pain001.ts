// STUB — replaced by the pain.001 builder (helper task).
import type { BankDebtor } from '../ports/payouts.ts';

export type CreditTransfer = {
  /** Our payout id: the end-to-end id the bank reports back. */
  endToEndId: string;
  amountCents: number;
  currency: string;
  creditorName: string;
  iban: string;
  bic: string;
  /** Unstructured remittance information, at most 140 characters. */
  remittance: string;
};

export type Pain001Input = { messageId: string; createdAt: Date; debtor: BankDebtor; transfers: CreditTransfer[] };

export function buildPain001(_input: Pain001Input): string {
  throw new Error('not built yet');
}
