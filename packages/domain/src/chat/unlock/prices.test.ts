import { describe, expect, it } from 'vitest';
import { parseAttachmentIndex, unlockPrice } from './prices.ts';

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

describe('parseAttachmentIndex', () => {
  it('accepts positions inside the message only', () => {
    expect(parseAttachmentIndex('0', 1)).toBe(0);
    expect(parseAttachmentIndex('1', 1)).toBeUndefined();
    expect(parseAttachmentIndex('-1', 3)).toBeUndefined();
    expect(parseAttachmentIndex('0x1', 3)).toBeUndefined();
    expect(parseAttachmentIndex('', 3)).toBeUndefined();
  });
});
