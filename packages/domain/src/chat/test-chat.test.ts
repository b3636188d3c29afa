import { describe, expect, it } from 'vitest';
import { isTestChat, pricesFor } from './test-chat.ts';

const creator = { id: 'creator', role: 'USER' as const, managedTalentIds: ['mia'] };
const talentPrices = { creditsToSendMessage: 1, creditsToUnlockImage: 5, creditsToUnlockAudio: 3, creditsToUnlockFirstImage: 2 };

describe('isTestChat', () => {
  it('is the manager’s own chat with the twin they manage', () => {
    expect(isTestChat(creator, { userId: 'creator', talentId: 'mia' })).toBe(true);
  });

  it('is not a fan’s chat the manager reads, another twin, or a signed-out reader', () => {
    expect(isTestChat(creator, { userId: 'fan', talentId: 'mia' })).toBe(false);
    expect(isTestChat(creator, { userId: 'creator', talentId: 'other' })).toBe(false);
    expect(isTestChat(undefined, { userId: 'creator', talentId: 'mia' })).toBe(false);
  });
});

describe('pricesFor', () => {
  it('makes every price 0 in a test chat and keeps the talent’s otherwise', () => {
    expect(pricesFor(talentPrices, true)).toEqual({
      creditsToSendMessage: 0,
      creditsToUnlockImage: 0,
      creditsToUnlockAudio: 0,
      creditsToUnlockFirstImage: 0,
    });
    expect(pricesFor(talentPrices, false)).toBe(talentPrices);
  });
});
