/** Codes the OAuth callbacks put in `/sign-in?error=` (API contract). */
export const signInErrorCodes = ['provider_not_configured', 'oauth_failed', 'email_not_verified'] as const;
export type SignInErrorCode = (typeof signInErrorCodes)[number];

const signInErrorMessages: Record<SignInErrorCode, { title: string; message: string }> = {
  provider_not_configured: {
    title: 'This sign-in option is not available',
    message: 'Google or Apple sign-in is not set up on this server yet. Please use the email link instead.',
  },
  oauth_failed: {
    title: 'Sign-in did not finish',
    message: 'We could not complete the sign-in with your provider. Please try again or use the email link.',
  },
  email_not_verified: {
    title: 'Email not verified',
    message: 'Your provider did not confirm your email address. Verify it there, or sign in with the email link.',
  },
};

/** The alert for an `error` query value, or null when there is none; unknown codes get a generic text. */
export function describeSignInError(code: string | null): { title: string; message: string } | null {
  if (!code) return null;
  if ((signInErrorCodes as readonly string[]).includes(code)) return signInErrorMessages[code as SignInErrorCode];
  return { title: 'Sign-in did not finish', message: 'Something went wrong while signing you in. Please try again.' };
}
