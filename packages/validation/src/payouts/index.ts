// Payouts: where a creator's money goes (spec 2.4 withdraw, 2.5 admin Payouts, 5 payout request).
export * from './details.ts';
export * from './payout.ts';
