/** Error codes the domain throws; the API maps each to a transport code, clients switch on them. */
export const domainErrorCodes = {
  /** Not signed in, or the session expired. */
  UNAUTHENTICATED: 'UNAUTHORIZED',
  /** Signed in but not allowed to do this. */
  FORBIDDEN: 'FORBIDDEN',
  /** The thing does not exist (or the caller may not know it does). */
  NOT_FOUND: 'NOT_FOUND',
  /** Input is well-formed but breaks a business rule. */
  INVALID: 'BAD_REQUEST',
  /** The change conflicts with the current state (duplicate, already used). */
  CONFLICT: 'CONFLICT',
  /** A sign-in link that is unknown, used, expired or for another email. */
  SIGN_IN_LINK_INVALID: 'BAD_REQUEST',
  /** Too many attempts in a short time. */
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  /** The feature is switched off in this deployment. */
  NOT_CONFIGURED: 'PRECONDITION_FAILED',
  /** The fan's credits do not cover the price; nothing was charged. */
  INSUFFICIENT_CREDITS: 'BAD_REQUEST',
  /** The twin is above SAFE and the fan has not confirmed their age yet (the age gate); nothing was stored. */
  AGE_UNCONFIRMED: 'PRECONDITION_FAILED',
} as const;

export type DomainErrorCode = keyof typeof domainErrorCodes;

/**
 * The one error type of the domain: a documented code, a message a person can read and, when the
 * problem belongs to form fields (a handle already taken), the message per field.
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(code: DomainErrorCode, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}
