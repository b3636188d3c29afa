// What the API's system.* and dev.* procedures read: the shell's first facts and the development outbox.
export { type DevOutboxEmail, listDevOutbox } from './dev-outbox.ts';
export { getSystemInfo, type SystemInfo } from './system-info.ts';
