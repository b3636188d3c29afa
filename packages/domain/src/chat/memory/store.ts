// Writing fan memories: the notes one exchange taught (idempotent per fan message) and the live
// events every screen showing them listens to.
import { type ChangeEvent, chats, type Executor, fanMemories, recordChanges, type Transaction } from '@doppel/db';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { lockKeys } from '../../limits/keyed-locks.ts';
import type { FanMemoryNote } from '../../ports/llm.ts';

export type MemoryOwner = { userId: string; talentId: string };

/** Who sees a fan's memories change: the fan's open chat, the fan, the twin's managers, admins. */
export function memoriesChanged(owner: MemoryOwner & { chatId?: string }, rowId: string): ChangeEvent {
  const scopes = [`user:${owner.userId}`, `talent:${owner.talentId}`, 'admin'];
  if (owner.chatId) scopes.unshift(`chat:${owner.chatId}`);
  return { entity: 'fan_memories', rowId, scopes };
}

/** The fan's notes with one twin, newest first (`limit` for the prompt; the panels read them all). */
export async function loadFanMemories(db: Executor, owner: MemoryOwner, limit?: number) {
  const query = db
    .select()
    .from(fanMemories)
    .where(and(eq(fanMemories.userId, owner.userId), eq(fanMemories.talentId, owner.talentId)))
    .orderBy(desc(fanMemories.createdAt), desc(fanMemories.id));
  return limit === undefined ? query : query.limit(limit);
}

export type StoreOutcome =
  | { status: 'stored'; stored: number }
  | { status: 'already-remembered' }
  /** The fan deleted memories after sending the message: nothing learnt from it is kept. */
  | { status: 'erased' };

/**
 * Stores the notes learnt from one fan message. A job retried after its commit finds the notes of
 * that message and stores nothing; two runs at once queue on a lock per message, and the unique
 * note index stops a note the fan already has. A name replaces the previous one: a fan has one.
 */
export async function storeLearntMemories(
  tx: Transaction,
  owner: MemoryOwner & { chatId: string },
  sourceMessageId: string,
  notes: readonly FanMemoryNote[],
): Promise<StoreOutcome> {
  await lockKeys(tx, [`fan-memory:${sourceMessageId}`]);
  const [[done], [chat]] = await Promise.all([
    tx.select({ id: fanMemories.id }).from(fanMemories).where(eq(fanMemories.sourceMessageId, sourceMessageId)).limit(1),
    // The chat row, shared-locked: a deletion marks it first (manage.ts), so either it committed
    // and is seen here, or it waits for this commit and then deletes what was stored. Compared in
    // the database, where timestamps keep their microseconds.
    tx
      .select({
        erased: sql<boolean>`coalesce((select m.created_at from chat_messages m where m.id = ${sourceMessageId}) <= ${chats.memoriesErasedAt}, false)`,
      })
      .from(chats)
      .where(eq(chats.id, owner.chatId))
      .for('share'),
  ]);
  if (done) return { status: 'already-remembered' };
  if (chat?.erased) return { status: 'erased' };
  if (notes.length === 0) return { status: 'stored', stored: 0 };
  const inserted = await tx
    .insert(fanMemories)
    .values(notes.map((note) => ({ ...owner, text: note.text, kind: note.kind, sourceMessageId })))
    .onConflictDoNothing()
    .returning({ id: fanMemories.id, kind: fanMemories.kind });
  const newName = inserted.find((row) => row.kind === 'NAME');
  const events = inserted.map((row) => memoriesChanged(owner, row.id));
  if (newName) {
    const replaced = await tx
      .delete(fanMemories)
      .where(
        and(
          eq(fanMemories.userId, owner.userId),
          eq(fanMemories.talentId, owner.talentId),
          eq(fanMemories.kind, 'NAME'),
          ne(fanMemories.id, newName.id),
        ),
      )
      .returning({ id: fanMemories.id });
    events.push(...replaced.map((row) => memoriesChanged(owner, row.id)));
  }
  await recordChanges(tx, events);
  return { status: 'stored', stored: inserted.length };
}
