// The admin back-office Chats section: list, one chat, one message's prompt record.
export * from './get-prompt.ts';
export * from './list-chats.ts';
