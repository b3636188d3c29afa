export { paymentsCatalog } from './catalog.ts';
export { cancelCheckout, completeSandboxCheckout, createCheckout, getCheckout, purchasesUnavailable } from './checkouts.ts';
export { giveBackDuplicateSubscriptions } from './give-back-duplicates.ts';
export { purchaseHistory, purchaseHistoryPageSize, purchaseStatus } from './history.ts';
export { PaymentEventNotReady } from './not-ready.ts';
export { applyPaymentEvent, type ProcessedEvent, processProviderEvent } from './process-event.ts';
export { providerOfKey, type RecordedPayment, recordPayment } from './record-payment.ts';
export { type PaymentRefusal, type PaymentRefusalReason, PaymentRefused } from './refused.ts';
export { type ReversalResult, reinstatePayment, reversePayment } from './reverse-payment.ts';
export {
  addOneMonth,
  type LedgerAmounts,
  packListPriceCents,
  priceText,
  productPrice,
  proportion,
  reversalDelta,
  reversalShare,
  reversedAmount,
  reversedCredits,
  reversedEarnings,
  samePrice,
  takeBack,
} from './rules.ts';
export { type RedeemedPurchase, redeemStorePurchase, storeProduct } from './store-purchases.ts';
export {
  checkSubscriptionPrice,
  currentSubscriptionCents,
  setSubscriptionPrice,
  subscriptionPriceLimits,
} from './subscription-price.ts';
export { activeSubscriptionUntil, endSubscription, isSubscribedInChat } from './subscriptions.ts';
