// Booking an earning on the talent ledger and the frame keys its reads use (docs/payouts.md#the-talent-ledger).
export { type FrameSlot, frameSlots } from './frame-keys.ts';
export {
  bookEarningReversal,
  bookPaidSpend,
  type EarningReversal,
  type EarningShares,
  type EarningSource,
  earningShareColumns,
  earningSharesOf,
  type PaidSpendInput,
  type PlannedEarning,
  planEarning,
  planEarningOfGross,
  planPaidSpend,
  type RecordedEarning,
  recordPaidSpend,
} from './record-earning.ts';
