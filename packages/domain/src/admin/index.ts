// The admin back-office's use cases: the shared keyset paging, then one folder per section.
export * from './chats/index.ts';
export * from './paging.ts';
export * from './records/get-record.ts';
