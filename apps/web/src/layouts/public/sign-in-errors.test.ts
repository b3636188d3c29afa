import { describe, expect, it } from 'vitest';
import { describeSignInError } from './sign-in-errors.ts';

describe('describeSignInError', () => {
  it('has no alert without a code', () => {
    expect(describeSignInError(null)).toBeNull();
    expect(describeSignInError('')).toBeNull();
  });

  it('explains each code of the OAuth callbacks', () => {
    expect(describeSignInError('provider_not_configured')?.title).toBe('This sign-in option is not available');
    expect(describeSignInError('oauth_failed')?.title).toBe('Sign-in did not finish');
    expect(describeSignInError('email_not_verified')?.title).toBe('Email not verified');
  });

  it('still says something readable for an unknown code', () => {
    expect(describeSignInError('x<script>')?.message).toMatch(/try again/);
  });
});
