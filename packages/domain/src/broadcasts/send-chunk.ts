// Delivering one chunk of a broadcast (docs/broadcasts.md): one transaction inserts a TALENT message
// into each recipient's chat, bumps those chats, marks the chunk sent, adds to sentMessageCount and
// announces the chunk in one live event; the chunk that finds no other unsent chunk completes the
// broadcast. Exactly once per (broadcast, chat) whatever runs twice: the chunk row is locked and
// checked first, and chat_messages' unique (broadcast_id, chat_id) refuses a second message.
import {
  broadcastChunks,
  broadcasts,
  type ChangeEvent,
  type Database,
  newIdSql,
  recordChanges,
  type Transaction,
} from '@doppel/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { broadcastChanged } from './scopes.ts';

export type EnqueuePush = (tx: Transaction, broadcastId: string, chunk: number) => Promise<void>;

export type SendChunkOutcome =
  | { outcome: 'missing' }
  | { outcome: 'already-sent' }
  | { outcome: 'sent'; inserted: number; completed: boolean };

export async function sendBroadcastChunk(
  db: Database,
  input: { broadcastId: string; chunk: number },
  options: { enqueuePush: EnqueuePush; now?: Date },
): Promise<SendChunkOutcome> {
  return db.transaction(async (tx): Promise<SendChunkOutcome> => {
    // The chunk row is the chunk's lock: a second run of it waits here, then sees it sent.
    const [chunk] = await tx
      .select({ sentAt: broadcastChunks.sentAt })
      .from(broadcastChunks)
      .where(and(eq(broadcastChunks.broadcastId, input.broadcastId), eq(broadcastChunks.chunk, input.chunk)))
      .for('update');
    if (!chunk) return { outcome: 'missing' };
    if (chunk.sentAt) return { outcome: 'already-sent' };
    const [broadcast] = await tx
      .select({ message: broadcasts.message, talentId: broadcasts.talentId, headline: broadcasts.pushNotificationHeadline })
      .from(broadcasts)
      .where(eq(broadcasts.id, input.broadcastId));
    if (!broadcast) return { outcome: 'missing' };
    const now = options.now ?? new Date();

    // Chats are locked in id order, so two broadcasts sending into the same chats cannot deadlock
    // (a fan's send locks the fan's user row first, then one chat: no cycle with this).
    const locked = await tx.execute<{ id: string; user_id: string; talent_id: string }>(sql`
      select c.id, c.user_id, c.talent_id from chats c
      where c.id in (select chat_id from broadcast_recipients where broadcast_id = ${input.broadcastId} and chunk = ${input.chunk})
      order by c.id
      for no key update of c`);
    // Inserted messages and their chats' counters in one statement; the chats were locked above.
    const stamp = sql`${now.toISOString()}::timestamptz`;
    const inserted = await tx.execute<{ chat_id: string }>(sql`
      with inserted as (
        insert into chat_messages (id, chat_id, sender_type, text, broadcast_id, created_at)
        select ${newIdSql}, r.chat_id, 'TALENT', ${broadcast.message}, ${input.broadcastId}, ${stamp}
        from broadcast_recipients r
        join chats c on c.id = r.chat_id
        where r.broadcast_id = ${input.broadcastId} and r.chunk = ${input.chunk}
        on conflict (broadcast_id, chat_id) where broadcast_id is not null do nothing
        returning chat_id
      )
      update chats set chat_message_count = chat_message_count + 1, updated_at = ${stamp}
      from inserted where chats.id = inserted.chat_id
      returning chats.id as chat_id`);
    const insertedIds = inserted.map((row) => row.chat_id);
    await tx
      .update(broadcastChunks)
      .set({ sentAt: now, sentCount: insertedIds.length })
      .where(and(eq(broadcastChunks.broadcastId, input.broadcastId), eq(broadcastChunks.chunk, input.chunk)));
    // The broadcast row's lock orders the chunks' last steps: the count below, read after it,
    // sees every chunk committed before, so exactly one chunk sees none left and completes.
    await tx
      .update(broadcasts)
      .set({ sentMessageCount: sql`${broadcasts.sentMessageCount} + ${insertedIds.length}`, updatedAt: now })
      .where(eq(broadcasts.id, input.broadcastId));
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(broadcastChunks)
      .where(and(eq(broadcastChunks.broadcastId, input.broadcastId), isNull(broadcastChunks.sentAt)));
    const completed = Number(left?.n ?? 0) === 0;
    if (completed) {
      await tx
        .update(broadcasts)
        .set({ status: 'COMPLETED', completedAt: now })
        .where(and(eq(broadcasts.id, input.broadcastId), eq(broadcasts.status, 'SENDING_MESSAGES')));
    }

    // One live event for the whole chunk: each fan's open chat, the twins' dashboards and admins.
    const byId = new Map(locked.map((row) => [row.id, row]));
    const scopes = new Set<string>(['admin']);
    for (const chatId of insertedIds) {
      const chat = byId.get(chatId);
      scopes.add(`chat:${chatId}`);
      if (chat) scopes.add(`talent:${chat.talent_id}`);
    }
    const events: ChangeEvent[] = [broadcastChanged(input.broadcastId, broadcast.talentId)];
    if (insertedIds.length > 0) {
      events.push({ entity: 'chat_messages', rowId: `broadcast:${input.broadcastId}:${input.chunk}`, scopes: [...scopes] });
    }
    await recordChanges(tx, events);
    if (broadcast.headline && insertedIds.length > 0) await options.enqueuePush(tx, input.broadcastId, input.chunk);
    return { outcome: 'sent', inserted: insertedIds.length, completed };
  });
}
