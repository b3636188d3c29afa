export * from './age-rules.ts';
export * from './confirm-age.ts';
