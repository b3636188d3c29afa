// Sending broadcasts (the worker's broadcasts.* jobs): the audience, preparing, sending chunks,
// push notifications and the sweep that resumes what a crash interrupted.
export * from './audience.ts';
export * from './prepare-broadcast.ts';
export * from './push-chunk.ts';
export * from './scopes.ts';
export * from './send-chunk.ts';
export * from './sweep.ts';
