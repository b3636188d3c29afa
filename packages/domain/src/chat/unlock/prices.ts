// What unlocking an attachment costs a fan. Pure, so the message list and the unlock agree.

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

/** Attachments are addressed by their position in the message (the jsonb list never reorders). */
export function parseAttachmentIndex(attachmentId: string, count: number): number | undefined {
  if (!/^\d{1,3}$/.test(attachmentId)) return undefined;
  const index = Number(attachmentId);
  return index < count ? index : undefined;
}
