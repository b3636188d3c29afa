import { describe, expect, it } from 'vitest';
import { signInLinkEmail } from './sign-in-email.ts';

describe('signInLinkEmail', () => {
  const link = 'https://doppel.example/sign-in?email=a%40b.c&mode=signIn&token=abc';

  it('carries the link in the text, as the HTML button and as the action', () => {
    const email = signInLinkEmail('a@b.c', link);
    expect(email).toMatchObject({ to: 'a@b.c', subject: 'Your Doppel sign-in link', link });
    expect(email.text).toContain(link);
    expect(email.text).toContain('15 minutes');
    expect(email.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(email.html).toMatch(/>Sign in<\/a>/);
  });

  it('escapes the link in HTML so it cannot break out of the attribute', () => {
    const email = signInLinkEmail('a@b.c', 'https://x.example/?q="><script>alert(1)</script>');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&quot;&gt;&lt;script&gt;');
  });
});
