export * from './dashboard-pages.ts';
export * from './public-pages.ts';
