// A creator (or another manager of the talent) chatting with their own twin through "Chat with your
// AI" is testing it, not a fan (issue 26 item 9): nothing costs credits, nothing earns, and the
// twin's engagement numbers do not count it. Pure, so send, unlock, open and the message list agree.
import { managesTalent, type Viewer } from '../access/scopes.ts';
import type { UnlockPrices } from './unlock/prices.ts';

/** Whether this chat is the viewer's own chat with a twin they manage. */
export function isTestChat(viewer: Viewer, chat: { userId: string; talentId: string }): boolean {
  return viewer !== undefined && chat.userId === viewer.id && managesTalent(viewer, chat.talentId);
}

/** Every price of a test chat: sending and unlocking are free for the twin's own managers. */
export const testChatPrices = {
  creditsToSendMessage: 0,
  creditsToUnlockImage: 0,
  creditsToUnlockAudio: 0,
  creditsToUnlockFirstImage: 0,
} as const satisfies UnlockPrices & { creditsToSendMessage: number };

/** The talent's prices, or none at all in a test chat. */
export function pricesFor<T extends UnlockPrices & { creditsToSendMessage?: number }>(prices: T, testChat: boolean): T {
  if (!testChat) return prices;
  return { ...prices, ...testChatPrices };
}
