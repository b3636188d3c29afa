// What unlocking an attachment costs a fan: one rule for the server that charges it (the unlock,
// the price on each locked attachment) and the screens that quote it (the credits sheet), so no
// screen shows a price the unlock does not take. Pure, plain numbers.

export type UnlockPrices = {
  creditsToUnlockImage: number;
  creditsToUnlockAudio: number;
  /** The price of the fan's first image; null when the talent has no such offer (0 = free). */
  creditsToUnlockFirstImage: number | null;
};

/**
 * An image costs the first-image price while the fan has no unlocked image in the chat yet (one
 * chat per fan and talent, so "first" is per fan and talent); a voice note always costs the
 * audio price.
 */
export function unlockPrice(type: 'IMAGE' | 'AUDIO', prices: UnlockPrices, hasUnlockedImage: boolean): number {
  if (type === 'AUDIO') return prices.creditsToUnlockAudio;
  if (prices.creditsToUnlockFirstImage !== null && !hasUnlockedImage) return prices.creditsToUnlockFirstImage;
  return prices.creditsToUnlockImage;
}

/**
 * A photo's price as a list of prices quotes it: what the first photo costs when that differs
 * (null otherwise), and what every photo costs after it. Read from `unlockPrice` itself, so the
 * quote cannot drift from the charge.
 */
export function photoPriceSteps(prices: UnlockPrices): { first: number | null; after: number } {
  const first = unlockPrice('IMAGE', prices, false);
  const after = unlockPrice('IMAGE', prices, true);
  return { first: first === after ? null : first, after };
}
