// Credits and money in exact integers (docs/architecture.md#money).
export {
  applyShare,
  type CreditBalance,
  creditsToMicroUsd,
  type Earning,
  earningOfGross,
  earningOfPaidCredits,
  planSpend,
  type Spend,
  shareToPpm,
  usdPriceToMicroUsd,
} from './money.ts';
