import { isAdmin, managesTalent, type Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';

export type ChatOwner = { userId: string; talentId: string };

/** The fan of the chat, a manager of its talent, or an admin. */
export function canReadChat(viewer: Viewer, chat: ChatOwner): boolean {
  return viewer !== undefined && (chat.userId === viewer.id || managesTalent(viewer, chat.talentId) || isAdmin(viewer));
}

/** Managers and admins see originals of every attachment of the talent's chats. */
export function seesOriginals(viewer: Viewer, talentId: string): boolean {
  return managesTalent(viewer, talentId) || isAdmin(viewer);
}

export function chatNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'This chat does not exist.');
}

/**
 * Only the chat's fan sends, unlocks and reacts. A manager or admin (who may read the chat) is
 * told why; anyone else learns nothing about the chat.
 */
export function assertChatFan(viewer: Viewer, chat: ChatOwner, action: string): void {
  if (viewer && chat.userId === viewer.id) return;
  if (canReadChat(viewer, chat)) throw new DomainError('FORBIDDEN', `Only the fan of this chat can ${action}.`);
  throw chatNotFound();
}
