// The fan's one-tap switch in the chat menu (docs/reach-out.md): reach-outs from this chat's twin
// on or off, kept on the chat. Only the chat's own fan; anyone else learns nothing (NOT_FOUND).
import { chats, type Executor, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { chatNotFound } from '../chat/access.ts';
import { fanTimeZone } from './rules.ts';

/** The chat, when it is the viewer's own as its fan; NOT_FOUND for anyone else. */
export async function fanChat(db: Executor, viewer: Viewer, chatId: string) {
  const [chat] = await db
    .select({ userId: chats.userId, reachOutsOffAt: chats.reachOutsOffAt })
    .from(chats)
    .where(eq(chats.id, chatId))
    .limit(1);
  if (!chat || !viewer || chat.userId !== viewer.id) throw chatNotFound();
  return chat;
}

export async function getChatReachOuts(db: Executor, viewer: Viewer, chatId: string): Promise<{ enabled: boolean }> {
  const chat = await fanChat(db, viewer, chatId);
  return { enabled: chat.reachOutsOffAt === null };
}

/**
 * Turns this twin's reach-outs on or off for the fan; a time zone the runtime knows is kept for
 * quiet hours (an unknown one is ignored, not refused: the switch still works).
 */
export async function setChatReachOuts(
  tx: Executor,
  viewer: Viewer,
  input: { chatId: string; enabled: boolean; timeZone?: string | undefined },
  now = new Date(),
): Promise<{ enabled: boolean }> {
  const chat = await fanChat(tx, viewer, input.chatId);
  const offAt = input.enabled ? null : (chat.reachOutsOffAt ?? now);
  await tx.update(chats).set({ reachOutsOffAt: offAt }).where(eq(chats.id, input.chatId));
  if (input.timeZone && viewer && fanTimeZone(input.timeZone) === input.timeZone) {
    await tx.update(users).set({ timeZone: input.timeZone }).where(eq(users.id, viewer.id));
  }
  return { enabled: input.enabled };
}
