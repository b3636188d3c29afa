import { describe, expect, it } from 'vitest';
import { readSignInLink } from './sign-in-link.ts';

describe('readSignInLink', () => {
  it('reads the email, the token and the chat the link returns a fan to', () => {
    expect(readSignInLink('?email=fan%40example.com&mode=signIn&token=abc&next=%2Fchat%2Fmia')).toEqual({
      email: 'fan@example.com',
      token: 'abc',
      next: '/chat/mia',
    });
    expect(readSignInLink('?email=a%40b.co&mode=signIn&token=abc')).toEqual({ email: 'a@b.co', token: 'abc', next: null });
  });

  it('never returns anywhere but a chat of this site', () => {
    for (const next of [
      'https://evil.example/chat/mia',
      '//evil.example',
      '/chat/mia/../../admin',
      '/chat/..',
      '/payouts',
      'javascript:alert(1)',
    ]) {
      expect(readSignInLink(`?email=a%40b.co&mode=signIn&token=t&next=${encodeURIComponent(next)}`)?.next, next).toBeNull();
    }
  });

  it('is no link without mode=signIn, an email and a token', () => {
    expect(readSignInLink('?email=a%40b.co&token=t')).toBeNull();
    expect(readSignInLink('?mode=signIn&token=t')).toBeNull();
    expect(readSignInLink('')).toBeNull();
  });
});
