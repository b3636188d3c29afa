export * from './public-pages.ts';
