export * from './fans.ts';
export * from './manage.ts';
export * from './prompt-section.ts';
export * from './remember.ts';
export * from './store.ts';
