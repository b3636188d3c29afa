export * from './audit-diff.ts';
export * from './list-entries.ts';
export * from './record-change.ts';
