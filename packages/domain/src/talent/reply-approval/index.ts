export * from './corrections.ts';
export * from './drafts.ts';
export * from './expiry.ts';
export * from './manage-corrections.ts';
export * from './settings.ts';
