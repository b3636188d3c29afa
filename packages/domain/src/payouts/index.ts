// Money out (docs/payouts.md): the talent ledger's payout side, the disbursable amount, payout
// requests and status changes, the creator's earnings reads, statements, PayPal and bank files.

export { bankDebtorNotConfigured, bankFileStatus, makeBankFile } from './bank-file.ts';
export { disbursableCents, disbursableOf, lockPayoutBalance, settledNetMicroUsd } from './disbursable.ts';
export {
  creatorPayoutPageSize,
  getEarningsMonth,
  getEarningsOverview,
  getWithdrawal,
  listCreatorPayouts,
} from './earnings-reads.ts';
export { bookPayoutChange, holdsMoney, type PayoutLedgerChange, payoutChangeCount, payoutMovement } from './payout-ledger.ts';
export { toPayoutView } from './payout-view.ts';
export {
  type PayPalPollResult,
  payPalNotConfigured,
  payPalPayoutsInFlight,
  pollPayPalPayout,
  type SendPayPalOptions,
  sendPayPalPayout,
} from './paypal.ts';
export { type RequestPayoutCommand, requestPayout } from './request-payout.ts';
export { type SetPayoutStatusCommand, type SetPayoutStatusResult, setPayoutStatus } from './set-payout-status.ts';
export {
  type FrameDrift,
  frameDrifts,
  type HeldDrift,
  heldDrifts,
  type PaymentDrift,
  type SettlementReport,
  settleTalentLedgers,
} from './settlement.ts';
export { earningsStatementCsv, statementColumns } from './statement.ts';
