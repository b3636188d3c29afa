export * from './crisis-answer.ts';
export * from './safety-reply.ts';
export * from './safety-report.ts';
export * from './safety-settings.ts';
