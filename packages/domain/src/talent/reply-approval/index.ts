export * from './corrections.ts';
export * from './drafts.ts';
export * from './expiry.ts';
export * from './settings.ts';
