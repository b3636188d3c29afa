import { describe, expect, it } from 'vitest';
import { isNewAcceptance, signInPageUrl, waitlistAcceptedEmail } from './acceptance-email.ts';

describe('waitlistAcceptedEmail', () => {
  it('tells the user they are in and links to the sign-in page', () => {
    const email = waitlistAcceptedEmail('ana@example.com', 'Ana', 'https://doppel.example');
    expect(email).toMatchObject({
      to: 'ana@example.com',
      subject: "You're in! Welcome to Doppel",
      link: 'https://doppel.example/sign-in',
    });
    expect(email.text).toMatch(/^Hi Ana,/);
    expect(email.text).toContain("You're in!");
    expect(email.text).toContain('https://doppel.example/sign-in');
    expect(email.html).toContain('href="https://doppel.example/sign-in"');
    expect(email.html).toMatch(/>Sign in<\/a>/);
  });

  it('greets a user without a name plainly', () => {
    expect(waitlistAcceptedEmail('a@b.co', '  ', 'http://localhost:3000').text).toMatch(/^Hi,\n/);
  });

  it('builds the sign-in address from the public URL, with or without a trailing slash', () => {
    expect(signInPageUrl('http://localhost:3000/')).toBe('http://localhost:3000/sign-in');
    expect(signInPageUrl('https://doppel.example')).toBe('https://doppel.example/sign-in');
  });

  it('escapes the name in HTML', () => {
    const email = waitlistAcceptedEmail('a@b.co', '<script>x</script>', 'https://doppel.example');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hi &lt;script&gt;x&lt;/script&gt;,');
  });
});

describe('isNewAcceptance', () => {
  const base = { before: 'PENDING', after: 'ACCEPTED', email: 'a@b.co', managesTalents: false } as const;

  it('is a change to ACCEPTED from any other status, none included', () => {
    expect(isNewAcceptance(base)).toBe(true);
    expect(isNewAcceptance({ ...base, before: 'REJECTED' })).toBe(true);
    expect(isNewAcceptance({ ...base, before: null })).toBe(true);
  });

  it('is not a save that keeps ACCEPTED or moves elsewhere', () => {
    expect(isNewAcceptance({ ...base, before: 'ACCEPTED' })).toBe(false);
    expect(isNewAcceptance({ ...base, after: 'REJECTED' })).toBe(false);
    expect(isNewAcceptance({ ...base, after: null })).toBe(false);
  });

  it('skips users without an email and managers, who are in already', () => {
    expect(isNewAcceptance({ ...base, email: null })).toBe(false);
    expect(isNewAcceptance({ ...base, before: null, managesTalents: true })).toBe(false);
  });
});
