// The admin back-office's API payloads, one file per section.
export * from './chats.ts';
