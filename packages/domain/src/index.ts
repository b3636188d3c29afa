export * from './access/scopes.ts';
export * from './auth/cleanup.ts';
export * from './auth/sessions.ts';
export * from './auth/sign-in-links.ts';
export * from './auth/tokens.ts';
export * from './errors.ts';
export * from './mail/mailer.ts';
export * from './users/me.ts';
