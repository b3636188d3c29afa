// What the API's system.* and dev.* procedures read: the shell's first facts and the development outbox.
export * from './dev-outbox.ts';
export * from './system-info.ts';
