export * from './client.ts';
export * from './embedded.ts';
export * from './errors.ts';
export * from './ledger-opening.ts';
export * from './live/feed.ts';
export * from './migrate.ts';
export * from './schema/index.ts';
export * from './seed/index.ts';
