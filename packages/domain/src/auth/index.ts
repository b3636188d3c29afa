// Sign-in and sessions: magic links, session tokens, switching a session on sign-in (docs/architecture.md#sessions).
export { deleteExpiredSignInState, type ExpiredSignInState } from './cleanup.ts';
export {
  createSession,
  invalidateSession,
  type NewSession,
  type Session,
  sessionAbsoluteMs,
  sessionInactivityMs,
  validateSessionToken,
  validateSessionWithUser,
} from './sessions.ts';
export {
  consumeSignInToken,
  issueSignInToken,
  type SpentSignInToken,
  signInLinkLifetimeMs,
  signInLinkLimits,
  signInLinkUrl,
  spendSignInToken,
} from './sign-in-links.ts';
export { mayMergeOnSignIn, signInWithLinkToken } from './sign-in-with-link.ts';
export { type SessionCookie, switchSession } from './switch-session.ts';
export { generateSecret, hashesEqual, hashSecret } from './tokens.ts';
export { findOrCreateUserByEmail } from './users.ts';
