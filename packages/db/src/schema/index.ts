export * from './auth.ts';
export * from './columns.ts';
export * from './live.ts';
export * from './users.ts';
