// Payouts: where a creator's money goes (docs/product-rules.md#earnings-and-withdrawal withdraw, 2.5 admin Payouts, 5 payout request).
export * from './details.ts';
export * from './payout.ts';
