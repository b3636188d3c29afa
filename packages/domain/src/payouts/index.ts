// Money out (docs/payouts.md): the talent ledger's payout side, the disbursable amount, payout
// requests and status changes, the creator's earnings reads, statements, PayPal and bank files.

export * from './bank-file.ts';
export * from './disbursable.ts';
export * from './earnings-reads.ts';
export * from './payout-ledger.ts';
export * from './payout-view.ts';
export * from './paypal.ts';
export * from './request-payout.ts';
export * from './set-payout-status.ts';
export * from './settlement.ts';
export * from './statement.ts';
