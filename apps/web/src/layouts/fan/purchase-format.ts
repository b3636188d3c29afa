// What the credits sheet says about packs, prices and purchases. Pure, unit-tested.
import { type PriceView, type PurchaseView, photoPriceSteps, type UnlockPrices } from '@doppel/validation';
import { formatPrice } from '../../components/money.ts';
import { type Balance, creditsLabel, totalCredits } from './price-label.ts';

/** How much a pack saves against its list price, in whole percent (0 when it is not discounted). */
export function discountPercent(price: PriceView, listPrice: PriceView): number {
  if (listPrice.amount <= 0 || price.amount >= listPrice.amount || price.currency !== listPrice.currency) return 0;
  // Integer minor units: the saving is exact, only the percentage is rounded (down, never overstated).
  return Math.floor(((listPrice.amount - price.amount) * 100) / listPrice.amount);
}

/** The accessible name of a pack's Buy button: "Buy 100 credits for $10.00". */
export function packBuyLabel(pack: { credits: number; price: PriceView }): string {
  return `Buy ${creditsLabel(pack.credits)} for ${formatPrice(pack.price)}`;
}

/** A subscription's price: "$9.99 / month". */
export function monthlyPrice(price: PriceView): string {
  return `${formatPrice(price)} / month`;
}

/**
 * A photo's price as the unlock charges it (the shared `photoPriceSteps` rule): "Photo 6 credits",
 * or with a first-image offer "First photo 2 credits, then 6 credits" ("First photo free, then …"),
 * so the sheet never quotes 6 where the locked photo says "Unlock for 2 credits".
 */
export function photoPriceText(prices: UnlockPrices): string {
  const { first, after } = photoPriceSteps(prices);
  if (first === null) return `Photo ${creditsLabel(after)}`;
  return `First photo ${first <= 0 ? 'free' : creditsLabel(first)}, then ${creditsLabel(after)}`;
}

/** The twin's prices in one line: "Message 2 credits · Photo 6 credits · Voice note 4 credits". */
export function twinPricesLine(
  input: UnlockPrices & {
    creditsToSendMessage: number;
    isSubscribed: boolean;
  },
): string {
  const message = input.isSubscribed
    ? 'Messages free with your subscription'
    : `Message ${creditsLabel(input.creditsToSendMessage)}`;
  return [message, photoPriceText(input), `Voice note ${creditsLabel(input.creditsToUnlockAudio)}`].join(' · ');
}

/** Below this many messages left, the sheet warns that the balance is low. */
export const lowBalanceMessages = 5;

/**
 * "Your balance is low: enough for N more messages." when the balance covers fewer than 5 messages
 * (or that the fan is out of credits when it covers none),
 * else null (also for a subscribed fan, whose messages are free, and a twin whose messages are).
 */
export function lowBalanceWarning(input: {
  balance: Balance;
  creditsToSendMessage: number;
  isSubscribed: boolean;
}): string | null {
  if (input.isSubscribed || input.creditsToSendMessage <= 0) return null;
  const left = Math.floor(totalCredits(input.balance) / input.creditsToSendMessage);
  if (left >= lowBalanceMessages) return null;
  if (left === 0) return 'You are out of credits: buy a pack to keep chatting.';
  return `Your balance is low: enough for ${left} more ${left === 1 ? 'message' : 'messages'}.`;
}

/** The subscription's benefit in the twin's name. */
export function subscriptionBenefit(twinName: string): string {
  return `Unlimited messages with ${twinName}: no credits per message. Photos and voice notes still unlock with credits.`;
}

export const purchaseStatusLooks: Record<PurchaseView['status'], { label: string; color: string }> = {
  PAID: { label: 'Paid', color: 'teal' },
  REFUNDED: { label: 'Refunded', color: 'gray' },
  PARTIALLY_REFUNDED: { label: 'Partly refunded', color: 'yellow' },
  DISPUTED: { label: 'Disputed', color: 'red' },
};

const providerNames: Record<PurchaseView['provider'], string> = {
  stripe: 'Card (Stripe)',
  apple: 'App Store',
  google: 'Google Play',
  sandbox: 'Sandbox',
};

export function providerLabel(provider: PurchaseView['provider']): string {
  return providerNames[provider];
}

/** What a purchase added, as the history and receipt show it: "100 credits", or "Subscription". */
export function purchaseCreditsLabel(purchase: Pick<PurchaseView, 'credits' | 'priceType'>): string {
  if (purchase.priceType === 'SUBSCRIPTION') return 'Subscription';
  return creditsLabel(purchase.credits);
}
