import { describe, expect, it } from 'vitest';
import { chatReturnMaxAgeMs, isChatPath, parseChatReturn, signInPathFor } from './chat-return.ts';

describe('chat return after sign-in', () => {
  const now = 1_750_000_000_000;
  const stored = (path: unknown, at: unknown = now - 1_000) => JSON.stringify({ path, at });

  it('accepts only messenger paths', () => {
    expect(isChatPath('/chat/mia')).toBe(true);
    expect(isChatPath('/chat/mia.moreno_2')).toBe(true);
    expect(isChatPath('/chat/')).toBe(false);
    expect(isChatPath('/chat/mia/../admin')).toBe(false);
    expect(isChatPath('//evil.example/chat/mia')).toBe(false);
    expect(isChatPath('https://evil.example/chat/mia')).toBe(false);
  });

  it('reads a fresh stored path and ignores stale, foreign or broken values', () => {
    expect(parseChatReturn(stored('/chat/mia'), now)).toBe('/chat/mia');
    expect(parseChatReturn(stored('/chat/mia', now - chatReturnMaxAgeMs - 1), now)).toBeNull();
    expect(parseChatReturn(stored('/admin'), now)).toBeNull();
    expect(parseChatReturn(stored(42), now)).toBeNull();
    expect(parseChatReturn('{not json', now)).toBeNull();
    expect(parseChatReturn(null, now)).toBeNull();
  });

  it('links to sign-in with the way back', () => {
    expect(signInPathFor('/chat/mia')).toBe('/sign-in?next=/chat/mia');
  });
});
