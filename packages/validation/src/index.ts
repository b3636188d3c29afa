export * from './auth/index.ts';
export * from './common/business.ts';
export * from './common/messages.ts';
export * from './enums.ts';
export * from './files/index.ts';
export * from './onboarding/index.ts';
export * from './system/index.ts';
export * from './waitlist/index.ts';
