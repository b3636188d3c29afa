export * from './day.ts';
export * from './money.ts';
