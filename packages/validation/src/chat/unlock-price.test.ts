import { describe, expect, it } from 'vitest';
import { photoPriceSteps, unlockPrice } from './unlock-price.ts';

const prices = { creditsToUnlockImage: 5, creditsToUnlockAudio: 3, creditsToUnlockFirstImage: 2 };

describe('unlockPrice', () => {
  it('charges the first-image price until the fan has an unlocked image', () => {
    expect(unlockPrice('IMAGE', prices, false)).toBe(2);
    expect(unlockPrice('IMAGE', prices, true)).toBe(5);
  });

  it('treats a first-image price of 0 as free and null as no offer', () => {
    expect(unlockPrice('IMAGE', { ...prices, creditsToUnlockFirstImage: 0 }, false)).toBe(0);
    expect(unlockPrice('IMAGE', { ...prices, creditsToUnlockFirstImage: null }, false)).toBe(5);
  });

  it('always charges the audio price for voice notes', () => {
    expect(unlockPrice('AUDIO', prices, false)).toBe(3);
    expect(unlockPrice('AUDIO', prices, true)).toBe(3);
  });
});

describe('photoPriceSteps', () => {
  it('quotes the first photo and the ones after it exactly as the unlock charges them', () => {
    expect(photoPriceSteps(prices)).toEqual({ first: 2, after: 5 });
    expect(photoPriceSteps(prices).first).toBe(unlockPrice('IMAGE', prices, false));
    expect(photoPriceSteps(prices).after).toBe(unlockPrice('IMAGE', prices, true));
  });

  it('quotes one price when there is no first-image offer or it costs the same', () => {
    expect(photoPriceSteps({ ...prices, creditsToUnlockFirstImage: null })).toEqual({ first: null, after: 5 });
    expect(photoPriceSteps({ ...prices, creditsToUnlockFirstImage: 5 })).toEqual({ first: null, after: 5 });
  });

  it('quotes a free first photo as 0', () => {
    expect(photoPriceSteps({ ...prices, creditsToUnlockFirstImage: 0 })).toEqual({ first: 0, after: 5 });
  });
});
