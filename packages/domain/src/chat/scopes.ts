import type { ChangeEvent } from '@doppel/db';

export type ChatRef = { id: string; userId: string; talentId: string };

/** Who watches a chat's messages: its fan, the talent's managers, admins. */
export function chatScopes(chat: ChatRef): string[] {
  return [`chat:${chat.id}`, `user:${chat.userId}`, `talent:${chat.talentId}`, 'admin'];
}

export function messageChanged(chat: ChatRef, messageId: string): ChangeEvent {
  return { entity: 'chat_messages', rowId: messageId, scopes: chatScopes(chat) };
}

export function chatChanged(chat: ChatRef): ChangeEvent {
  return { entity: 'chats', rowId: chat.id, scopes: chatScopes(chat) };
}

/** A fan's credit balance changed: their own screens and the admin's user views. */
export function balanceChanged(userId: string): ChangeEvent {
  return { entity: 'users', rowId: userId, scopes: [`user:${userId}`, 'admin'] };
}

/** The talent's dashboard numbers (earnings, metrics) changed. */
export function talentNumbersChanged(entity: 'earning_frames' | 'metric_frames', talentId: string): ChangeEvent {
  return { entity, rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] };
}
