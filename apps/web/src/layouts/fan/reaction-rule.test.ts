import { chatCallsToAction } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { takesReactions } from './reaction-rule.ts';

describe('takesReactions', () => {
  it('lets the fan rate a reply of the twin', () => {
    expect(takesReactions({ senderType: 'TALENT', callToAction: null })).toBe(true);
  });

  it('offers no thumbs on an out-of-credits prompt, whatever it asks for', () => {
    for (const callToAction of chatCallsToAction) {
      expect(takesReactions({ senderType: 'TALENT', callToAction }), callToAction).toBe(false);
    }
  });

  it('offers no thumbs on the fan’s own messages', () => {
    expect(takesReactions({ senderType: 'USER', callToAction: null })).toBe(false);
  });
});
