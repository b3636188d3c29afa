export * from './auth/index.ts';
export * from './enums.ts';
export * from './system/index.ts';
