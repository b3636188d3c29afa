import { describe, expect, it } from 'vitest';
import { mayMergeOnSignIn } from './sign-in-with-link.ts';

describe('mayMergeOnSignIn', () => {
  it('merges the anonymous fan whose browser asked for the link', () => {
    expect(mayMergeOnSignIn('fan-1', 'fan-1')).toBe(true);
  });

  it('merges no one into a link someone else asked for, or one asked for signed out or signed in', () => {
    expect(mayMergeOnSignIn('fan-1', 'fan-2')).toBe(false);
    expect(mayMergeOnSignIn('fan-1', null)).toBe(false);
    expect(mayMergeOnSignIn(undefined, null)).toBe(false);
  });
});
