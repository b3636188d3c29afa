export * from './flags.ts';
export * from './list.ts';
export * from './moderation.ts';
export * from './refusal.ts';
export * from './reply-check.ts';
export * from './rules.ts';
export * from './settings.ts';
