// The admin back-office Chats section: list, one chat, one message's prompt record.
export { getAdminChatPrompt } from './get-prompt.ts';
export { getAdminChat, type ListAdminChatsInput, lastMessagesOf, listAdminChats } from './list-chats.ts';
