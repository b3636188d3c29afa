// Reading and changing a fan's memories with one twin, named by their chat. Every call checks the
// object: the chat's own fan (list, delete, forget all), a manager of the chat's twin or an admin
// (list, edit, delete). Anyone else learns nothing: NOT_FOUND, as for the chat itself.
import {
  chats,
  type Executor,
  fanMemories,
  fanMemoryUniqueIndex,
  recordChanges,
  type Transaction,
  violatedUniqueConstraint,
} from '@doppel/db';
import type { FanMemoryView } from '@doppel/validation';
import { and, eq, sql } from 'drizzle-orm';
import { isAdmin, managesTalent, type Viewer } from '../../access/scopes.ts';
import { DomainError } from '../../errors.ts';
import { chatNotFound } from '../access.ts';
import { loadFanMemories, type MemoryOwner, memoriesChanged } from './store.ts';

/** Who is asking: the fan about their own memories, a creator about their twin's fans, or an admin. */
export type MemoryAccess = { as: 'fan' } | { as: 'manager'; talentId: string } | { as: 'admin' };

type MemoryChat = MemoryOwner & { chatId: string };

/** The chat's fan and twin, when `viewer` may see its memories in the role it asks in. */
export async function memoryChatFor(db: Executor, viewer: Viewer, chatId: string, access: MemoryAccess): Promise<MemoryChat> {
  const [chat] = await db
    .select({ chatId: chats.id, userId: chats.userId, talentId: chats.talentId })
    .from(chats)
    .where(eq(chats.id, chatId))
    .limit(1);
  if (!chat || !viewer) throw chatNotFound();
  const allowed =
    access.as === 'fan'
      ? chat.userId === viewer.id
      : access.as === 'manager'
        ? chat.talentId === access.talentId && managesTalent(viewer, chat.talentId)
        : isAdmin(viewer);
  if (!allowed) throw chatNotFound();
  return chat;
}

const view = (row: typeof fanMemories.$inferSelect): FanMemoryView => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listChatMemories(
  db: Executor,
  viewer: Viewer,
  chatId: string,
  access: MemoryAccess,
): Promise<{ memories: FanMemoryView[] }> {
  const chat = await memoryChatFor(db, viewer, chatId, access);
  return { memories: (await loadFanMemories(db, chat)).map(view) };
}

const memoryNotFound = () => new DomainError('NOT_FOUND', 'This memory does not exist.');

const ofOwner = (chat: MemoryChat, memoryId: string) =>
  and(eq(fanMemories.id, memoryId), eq(fanMemories.userId, chat.userId), eq(fanMemories.talentId, chat.talentId));

/** Deletes one memory of the chat's fan with its twin; NOT_FOUND when it is not theirs (or gone). */
export async function deleteChatMemory(
  tx: Transaction,
  viewer: Viewer,
  input: { chatId: string; memoryId: string },
  access: MemoryAccess,
): Promise<{ deleted: number }> {
  const chat = await memoryChatFor(tx, viewer, input.chatId, access);
  await markMemoriesErased(tx, chat);
  const deleted = await tx.delete(fanMemories).where(ofOwner(chat, input.memoryId)).returning({ id: fanMemories.id });
  if (deleted.length === 0) throw memoryNotFound();
  await recordChanges(tx, [memoriesChanged(chat, input.memoryId)]);
  return { deleted: deleted.length };
}

/** "Forget everything": every memory of the chat's fan with its twin. */
export async function clearChatMemories(
  tx: Transaction,
  viewer: Viewer,
  chatId: string,
  access: MemoryAccess,
): Promise<{ deleted: number }> {
  const chat = await memoryChatFor(tx, viewer, chatId, access);
  await markMemoriesErased(tx, chat);
  const deleted = await tx
    .delete(fanMemories)
    .where(and(eq(fanMemories.userId, chat.userId), eq(fanMemories.talentId, chat.talentId)))
    .returning({ id: fanMemories.id });
  if (deleted.length > 0) await recordChanges(tx, [memoriesChanged(chat, chat.chatId)]);
  return { deleted: deleted.length };
}

/**
 * Notes still being learnt from messages sent until now are dropped when stored (store.ts): what
 * the fan deleted stays deleted, even when a memory job for an earlier message runs or retries
 * after. Before the delete: the chat row's lock is what a concurrent store waits on or holds.
 */
function markMemoriesErased(tx: Transaction, chat: MemoryChat) {
  return tx.update(chats).set({ memoriesErasedAt: sql`now()` }).where(eq(chats.id, chat.chatId));
}

/** Rewrites one note (creators and admins correct what the twin got wrong). */
export async function updateChatMemory(
  tx: Transaction,
  viewer: Viewer,
  input: { chatId: string; memoryId: string; text: string },
  access: MemoryAccess,
): Promise<FanMemoryView> {
  if (access.as === 'fan') throw new DomainError('FORBIDDEN', 'Fans can delete memories, not edit them.');
  const chat = await memoryChatFor(tx, viewer, input.chatId, access);
  const [row] = await tx
    .update(fanMemories)
    .set({ text: input.text.trim(), updatedAt: new Date() })
    .where(ofOwner(chat, input.memoryId))
    .returning()
    .catch((error: unknown) => {
      if (violatedUniqueConstraint(error) === fanMemoryUniqueIndex) {
        throw new DomainError('CONFLICT', 'The twin already remembers that about this fan.');
      }
      throw error;
    });
  if (!row) throw memoryNotFound();
  await recordChanges(tx, [memoriesChanged(chat, row.id)]);
  return view(row);
}
