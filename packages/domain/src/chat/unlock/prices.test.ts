import { describe, expect, it } from 'vitest';
import { parseAttachmentIndex } from './prices.ts';

// unlockPrice itself is tested where it lives, in @doppel/validation.
describe('parseAttachmentIndex', () => {
  it('accepts positions inside the message only', () => {
    expect(parseAttachmentIndex('0', 1)).toBe(0);
    expect(parseAttachmentIndex('1', 1)).toBeUndefined();
    expect(parseAttachmentIndex('-1', 3)).toBeUndefined();
    expect(parseAttachmentIndex('0x1', 3)).toBeUndefined();
    expect(parseAttachmentIndex('', 3)).toBeUndefined();
  });
});
