import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './openai-llm.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it("reads OpenAI's retry-after-ms first, then retry-after in seconds or as a date", () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1500);
    expect(retryAfterMs(new Headers({ 'retry-after': '2.5' }), now)).toBe(2500);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sat, 28 Nov 2026 12:00:04 GMT' }), now)).toBe(4000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sat, 28 Nov 2026 11:00:00 GMT' }), now)).toBe(0);
  });

  it('says nothing for a missing or unreadable header', () => {
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '-5' }), now)).toBeNull();
  });
});
