// The keyset position of the admin chat list: the sort value and the id of a page's last chat.
// The value is kept as the database printed it (timestamps to the microsecond), so the next page
// starts exactly after that chat however many chats share its sort value.
import type { AdminChatSort } from '@doppel/validation';
import { DomainError } from '../../errors.ts';

export type ChatListPosition = { sort: AdminChatSort; value: string; id: string };

const timestampValue = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const countValue = /^\d{1,10}$/;
const idValue = /^[A-Za-z0-9_-]{1,100}$/;

/** The opaque `nextCursor` handed to the client. */
export function encodeChatListCursor(position: ChatListPosition): string {
  return Buffer.from(JSON.stringify([position.sort, position.value, position.id]), 'utf8').toString('base64url');
}

function invalidCursor(): DomainError {
  return new DomainError('INVALID', 'This list position is not valid any more; reload the list.');
}

/**
 * Reads a cursor back for `sort`. A cursor made for another sort, or one that is not ours, is
 * refused (INVALID) rather than silently restarting the list.
 */
export function decodeChatListCursor(cursor: string, sort: AdminChatSort): ChatListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === 'string')) throw invalidCursor();
  const [cursorSort, value, id] = parsed as [string, string, string];
  if (cursorSort !== sort || !idValue.test(id)) throw invalidCursor();
  const valueShape = sort === 'chatMessageCount' ? countValue : timestampValue;
  if (!valueShape.test(value)) throw invalidCursor();
  return { sort, value, id };
}
