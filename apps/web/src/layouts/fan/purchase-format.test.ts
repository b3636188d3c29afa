import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  lowBalanceWarning,
  monthlyPrice,
  packBuyLabel,
  photoPriceText,
  purchaseCreditsLabel,
  subscriptionBenefit,
  twinPricesLine,
} from './purchase-format.ts';

const usd = (amount: number) => ({ amount, fractionDigits: 2, currency: 'USD' });

describe('pack labels', () => {
  it('names the Buy button with the credits and the price', () => {
    expect(packBuyLabel({ credits: 100, price: usd(1000) })).toBe('Buy 100 credits for $10.00');
    expect(packBuyLabel({ credits: 1, price: usd(10) })).toBe('Buy 1 credit for $0.10');
  });

  it('saves a whole percentage, never overstated, only when discounted', () => {
    expect(discountPercent(usd(4000), usd(5000))).toBe(20);
    // 16.75 % is shown as 16 %.
    expect(discountPercent(usd(999), usd(1200))).toBe(16);
    expect(discountPercent(usd(1000), usd(1000))).toBe(0);
    expect(discountPercent(usd(1200), usd(1000))).toBe(0);
    expect(discountPercent(usd(0), usd(0))).toBe(0);
  });

  it('prices a subscription per month', () => {
    expect(monthlyPrice(usd(999))).toBe('$9.99 / month');
  });
});

describe('twin prices', () => {
  const prices = { creditsToSendMessage: 2, creditsToUnlockImage: 6, creditsToUnlockAudio: 4, creditsToUnlockFirstImage: null };

  it('lists what each thing costs with this twin', () => {
    expect(twinPricesLine({ ...prices, isSubscribed: false })).toBe('Message 2 credits · Photo 6 credits · Voice note 4 credits');
    expect(
      twinPricesLine({
        ...prices,
        creditsToSendMessage: 1,
        creditsToUnlockImage: 1,
        creditsToUnlockAudio: 0,
        isSubscribed: false,
      }),
    ).toBe('Message 1 credit · Photo 1 credit · Voice note 0 credits');
  });

  it('quotes a first-photo offer as the locked photo charges it (issue 26: not "Photo 5" beside "Unlock for 2")', () => {
    const offer = { ...prices, creditsToUnlockImage: 5, creditsToUnlockFirstImage: 2 };
    expect(photoPriceText(offer)).toBe('First photo 2 credits, then 5 credits');
    expect(twinPricesLine({ ...offer, isSubscribed: false })).toBe(
      'Message 2 credits · First photo 2 credits, then 5 credits · Voice note 4 credits',
    );
    expect(photoPriceText({ ...offer, creditsToUnlockFirstImage: 0 })).toBe('First photo free, then 5 credits');
    // An offer at the regular price is no offer worth a second number.
    expect(photoPriceText({ ...offer, creditsToUnlockFirstImage: 5 })).toBe('Photo 5 credits');
  });

  it('says messages are free with a subscription; unlocks still cost', () => {
    expect(twinPricesLine({ ...prices, isSubscribed: true })).toBe(
      'Messages free with your subscription · Photo 6 credits · Voice note 4 credits',
    );
    expect(subscriptionBenefit('Mia')).toBe(
      'Unlimited messages with Mia: no credits per message. Photos and voice notes still unlock with credits.',
    );
  });
});

describe('lowBalanceWarning', () => {
  const warn = (credits: number, paidCredits: number, creditsToSendMessage = 2, isSubscribed = false) =>
    lowBalanceWarning({ balance: { credits, paidCredits }, creditsToSendMessage, isSubscribed });

  it('warns when the balance covers fewer than 5 messages', () => {
    expect(warn(6, 2)).toBe('Your balance is low: enough for 4 more messages.');
    expect(warn(3, 0)).toBe('Your balance is low: enough for 1 more message.');
    expect(warn(0, 1)).toBe('You are out of credits: buy a pack to keep chatting.');
  });

  it('stays quiet with enough credits, a subscription, or free messages', () => {
    expect(warn(10, 0)).toBeNull();
    expect(warn(0, 0, 2, true)).toBeNull();
    expect(warn(0, 0, 0)).toBeNull();
  });
});

describe('purchases', () => {
  it('says what a purchase added', () => {
    expect(purchaseCreditsLabel({ credits: 100, priceType: 'ONE_TIME' })).toBe('100 credits');
    expect(purchaseCreditsLabel({ credits: 0, priceType: 'SUBSCRIPTION' })).toBe('Subscription');
    expect(purchaseCreditsLabel({ credits: 50, priceType: 'APPLE_ONE_TIME' })).toBe('50 credits');
  });
});
