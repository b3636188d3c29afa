export * from './data-export.ts';
export * from './delete-account.ts';
export * from './export-content.ts';
