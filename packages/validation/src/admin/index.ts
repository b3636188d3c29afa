// The admin back-office's API payloads: the shared list shape, then one file per section.
export * from './chats.ts';
export * from './list.ts';
export * from './records.ts';
