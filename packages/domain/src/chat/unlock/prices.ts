// What unlocking an attachment costs a fan. Pure, so the message list, the unlock and the credits
// sheet agree.

// The price rule itself is shared with the screens that quote prices (@doppel/validation), so the
// credits sheet and the unlock can never disagree; the domain keeps re-exporting it.
export { type UnlockPrices, unlockPrice } from '@doppel/validation';

/** Attachments are addressed by their position in the message (the jsonb list never reorders). */
export function parseAttachmentIndex(attachmentId: string, count: number): number | undefined {
  if (!/^\d{1,3}$/.test(attachmentId)) return undefined;
  const index = Number(attachmentId);
  return index < count ? index : undefined;
}
