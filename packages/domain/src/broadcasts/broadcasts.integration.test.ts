// The broadcast engine against a real Postgres: the audience of docs/product-rules.md#broadcasts, preparing (once), sending each
// chunk exactly once per chat whatever runs twice or at once, completion by the last chunk, one
// live event per chunk, and deleted or empty broadcasts.
import { broadcastChunks, broadcastRecipients, broadcasts, changeEvents, chatMessages, chats, talents, users } from '@doppel/db';
import { createTestDatabase, seedBroadcastFans, type TestDatabase } from '@doppel/db/testing';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prepareBroadcast } from './prepare-broadcast.ts';
import { sendBroadcastChunk } from './send-chunk.ts';
import { sweepBroadcasts } from './sweep.ts';

let database: TestDatabase;
const hour = 3_600_000;
const day = 24 * hour;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

async function addTalent(id: string): Promise<string> {
  await database.db.insert(talents).values({ id, name: `Twin ${id}`, tag: id });
  return id;
}

async function addBroadcast(values: Partial<typeof broadcasts.$inferInsert> = {}): Promise<string> {
  const [row] = await database.db
    .insert(broadcasts)
    .values({ message: 'Hello from the twin', scheduledAt: new Date(Date.now() - 1000), ...values })
    .returning({ id: broadcasts.id });
  if (!row) throw new Error('no broadcast');
  return row.id;
}

/** Records the chunks prepare hands out instead of a queue. */
function sends() {
  const chunks: number[] = [];
  return {
    chunks,
    enqueueSends: async (_tx: unknown, _id: string, handed: number[]) => {
      chunks.push(...handed);
    },
  };
}

const noPush = { enqueuePush: async () => {} };

async function recipientsOf(broadcastId: string): Promise<string[]> {
  const rows = await database.db
    .select({ chatId: broadcastRecipients.chatId })
    .from(broadcastRecipients)
    .where(eq(broadcastRecipients.broadcastId, broadcastId))
    .orderBy(asc(broadcastRecipients.chatId));
  return rows.map((row) => row.chatId);
}

async function messagesOf(broadcastId: string) {
  return database.db
    .select({ chatId: chatMessages.chatId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(eq(chatMessages.broadcastId, broadcastId))
    .groupBy(chatMessages.chatId);
}

describe('the broadcast audience (docs/product-rules.md#broadcasts)', () => {
  it('is signed-in fans who wrote within a month but not in the last 10 minutes; one chat each without a twin', async () => {
    const [t1, t2] = [await addTalent('aud-t1'), await addTalent('aud-t2')];
    const now = Date.now();
    const people = [
      { id: 'aud-in', anonymous: false, chats: [[t1, 2 * day]] },
      { id: 'aud-anon', anonymous: true, chats: [[t1, 2 * day]] },
      // Wrote to t2 five minutes ago: busy with a twin right now, so left alone everywhere.
      {
        id: 'aud-busy',
        anonymous: false,
        chats: [
          [t1, 2 * day],
          [t2, 5 * 60_000],
        ],
      },
      { id: 'aud-gone', anonymous: false, chats: [[t1, 40 * day]] },
      { id: 'aud-silent', anonymous: false, chats: [[t1, null]] },
      // Knows both twins: its t1 chat for a t1 broadcast, its most recent chat (t2) otherwise.
      {
        id: 'aud-both',
        anonymous: false,
        chats: [
          [t1, 3 * day],
          [t2, 1 * day],
        ],
      },
    ] as const;
    for (const person of people) {
      await database.db.insert(users).values({
        id: person.id,
        isAnonymous: person.anonymous,
        email: person.anonymous ? null : `${person.id}@example.com`,
      });
      for (const [talentId, ago] of person.chats) {
        await database.db.insert(chats).values({
          id: `${person.id}-${talentId}`,
          userId: person.id,
          talentId,
          hasUserInteraction: ago !== null,
          lastUserMessageAt: ago === null ? null : new Date(now - ago),
        });
      }
    }

    const forTwin = await addBroadcast({ talentId: t1 });
    const forAll = await addBroadcast();
    for (const id of [forTwin, forAll]) {
      const outcome = await prepareBroadcast(database.db, id, { ...sends() });
      expect(outcome).toMatchObject({ outcome: 'prepared', status: 'SENDING_MESSAGES' });
    }
    expect(await recipientsOf(forTwin)).toEqual(['aud-both-aud-t1', 'aud-in-aud-t1']);
    expect(await recipientsOf(forAll)).toEqual(['aud-both-aud-t2', 'aud-in-aud-t1']);
    const [row] = await database.db.select().from(broadcasts).where(eq(broadcasts.id, forTwin));
    expect(row).toMatchObject({ scheduledMessageCount: 2, sentMessageCount: 0 });
    expect(row?.startedPreparingAt).toBeInstanceOf(Date);
  });
});

describe('preparing and sending', () => {
  it('sends each recipient one message in chunks, counts them, completes on the last chunk and announces each chunk once', async () => {
    const talentId = await addTalent('send-t');
    await seedBroadcastFans(database.db, { prefix: 'sf', talentId, matching: 25, others: 2 });
    const broadcastId = await addBroadcast({ talentId, message: 'New photos are up!' });
    const queue = sends();
    const before = await database.db.select({ id: chats.id, count: chats.chatMessageCount }).from(chats);
    const prepared = await prepareBroadcast(database.db, broadcastId, { ...queue, chunkSize: 10 });
    expect(prepared).toEqual({ outcome: 'prepared', audience: 25, chunks: 3, status: 'SENDING_MESSAGES' });
    expect(queue.chunks).toEqual([0, 1, 2]);
    // Preparing again changes nothing.
    expect(await prepareBroadcast(database.db, broadcastId, { ...sends(), chunkSize: 10 })).toEqual({
      outcome: 'skipped',
      status: 'SENDING_MESSAGES',
    });

    const feedBefore = await database.db.select({ xid: sql<number>`max(${changeEvents.xid})` }).from(changeEvents);
    // Chunk 1 runs twice at once, as a retry racing a slow first attempt would.
    const [first, second] = await Promise.all([
      sendBroadcastChunk(database.db, { broadcastId, chunk: 1 }, noPush),
      sendBroadcastChunk(database.db, { broadcastId, chunk: 1 }, noPush),
    ]);
    expect([first.outcome, second.outcome].sort()).toEqual(['already-sent', 'sent']);
    // The last two chunks at once: exactly one of them sees none left and completes the broadcast.
    const last = await Promise.all([0, 2].map((chunk) => sendBroadcastChunk(database.db, { broadcastId, chunk }, noPush)));
    expect(last.filter((result) => result.outcome === 'sent' && result.completed)).toHaveLength(1);

    const [row] = await database.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
    expect(row).toMatchObject({ status: 'COMPLETED', scheduledMessageCount: 25, sentMessageCount: 25 });
    expect(row?.completedAt).toBeInstanceOf(Date);
    const delivered = await messagesOf(broadcastId);
    expect(delivered).toHaveLength(25);
    expect(delivered.every((message) => message.n === 1)).toBe(true);
    expect(new Set(delivered.map((message) => message.chatId))).toEqual(new Set(await recipientsOf(broadcastId)));
    const [message] = await database.db.select().from(chatMessages).where(eq(chatMessages.broadcastId, broadcastId)).limit(1);
    expect(message).toMatchObject({ senderType: 'TALENT', text: 'New photos are up!' });
    expect(message?.id).toMatch(/^[0-9a-f]{20}$/);

    // Each recipient's chat counts the message; nobody else's does.
    const after = new Map(
      (await database.db.select({ id: chats.id, count: chats.chatMessageCount }).from(chats)).map((r) => [r.id, r.count]),
    );
    const recipients = new Set(await recipientsOf(broadcastId));
    for (const chat of before) expect(after.get(chat.id)).toBe(chat.count + (recipients.has(chat.id) ? 1 : 0));

    // One chat_messages change per sent chunk, naming every chat of the chunk.
    const feed = await database.db
      .select({ changes: changeEvents.changes })
      .from(changeEvents)
      .where(sql`${changeEvents.xid} > ${feedBefore[0]?.xid ?? 0}`);
    const chunkEvents = feed.flatMap((row) => row.changes).filter((change) => change.entity === 'chat_messages');
    expect(chunkEvents.map((change) => change.rowId).sort()).toEqual(
      [0, 1, 2].map((chunk) => `broadcast:${broadcastId}:${chunk}`),
    );
    const namedChats = chunkEvents.flatMap((change) => change.scopes.filter((scope) => scope.startsWith('chat:')));
    expect(namedChats.sort()).toEqual([...recipients].map((id) => `chat:${id}`).sort());
  });

  it('never sends twice into a chat, even when a chunk is replayed after being marked unsent', async () => {
    const talentId = await addTalent('replay-t');
    await seedBroadcastFans(database.db, { prefix: 'rf', talentId, matching: 4, others: 0 });
    const broadcastId = await addBroadcast({ talentId });
    await prepareBroadcast(database.db, broadcastId, { ...sends(), chunkSize: 10 });
    expect(await sendBroadcastChunk(database.db, { broadcastId, chunk: 0 }, noPush)).toMatchObject({ inserted: 4 });
    // As if the chunk's mark were lost: the unique (broadcast, chat) key still refuses a second message.
    await database.db
      .update(broadcastChunks)
      .set({ sentAt: null })
      .where(and(eq(broadcastChunks.broadcastId, broadcastId), eq(broadcastChunks.chunk, 0)));
    expect(await sendBroadcastChunk(database.db, { broadcastId, chunk: 0 }, noPush)).toMatchObject({ inserted: 0 });
    expect((await messagesOf(broadcastId)).every((message) => message.n === 1)).toBe(true);
    const [row] = await database.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
    expect(row?.sentMessageCount).toBe(4);
  });

  it('skips a recipient whose chat was deleted after preparing', async () => {
    const talentId = await addTalent('gone-t');
    await seedBroadcastFans(database.db, { prefix: 'gf', talentId, matching: 3, others: 0 });
    const broadcastId = await addBroadcast({ talentId });
    await prepareBroadcast(database.db, broadcastId, { ...sends() });
    await database.db.delete(chats).where(eq(chats.id, 'gfc2'));
    expect(await sendBroadcastChunk(database.db, { broadcastId, chunk: 0 }, noPush)).toEqual({
      outcome: 'sent',
      inserted: 2,
      completed: true,
    });
    const [row] = await database.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
    expect(row).toMatchObject({ status: 'COMPLETED', scheduledMessageCount: 3, sentMessageCount: 2 });
  });

  it('queues the push of a chunk only for a broadcast with a headline', async () => {
    const talentId = await addTalent('push-t');
    await seedBroadcastFans(database.db, { prefix: 'pf', talentId, matching: 3, others: 0 });
    const pushed: string[] = [];
    const enqueuePush = async (_tx: unknown, id: string, chunk: number) => {
      pushed.push(`${id}:${chunk}`);
    };
    const quiet = await addBroadcast({ talentId });
    const loud = await addBroadcast({ talentId, pushNotificationHeadline: 'Mia wrote', pushNotificationMessage: 'Open it' });
    for (const id of [quiet, loud]) {
      await prepareBroadcast(database.db, id, { ...sends() });
      await sendBroadcastChunk(database.db, { broadcastId: id, chunk: 0 }, { enqueuePush });
    }
    expect(pushed).toEqual([`${loud}:0`]);
  });

  it('leaves a deleted or not yet due broadcast alone, and completes an empty audience at once', async () => {
    const talentId = await addTalent('edge-t');
    const deleted = await addBroadcast({ talentId, status: 'DELETED', deletedAt: new Date() });
    expect(await prepareBroadcast(database.db, deleted, { ...sends() })).toEqual({ outcome: 'skipped', status: 'DELETED' });
    expect(await recipientsOf(deleted)).toEqual([]);
    const later = await addBroadcast({ talentId, scheduledAt: new Date(Date.now() + hour) });
    expect(await prepareBroadcast(database.db, later, { ...sends() })).toMatchObject({ outcome: 'not-due' });
    const empty = await addBroadcast({ talentId });
    const queue = sends();
    expect(await prepareBroadcast(database.db, empty, queue)).toEqual({
      outcome: 'prepared',
      audience: 0,
      chunks: 0,
      status: 'COMPLETED',
    });
    expect(queue.chunks).toEqual([]);
    expect(await prepareBroadcast(database.db, 'no-such-broadcast', { ...sends() })).toEqual({ outcome: 'missing' });
  });

  it('sweeps up due and half-prepared broadcasts, unsent chunks and unpushed chunks', async () => {
    const talentId = await addTalent('sweep-t');
    await seedBroadcastFans(database.db, { prefix: 'wf', talentId, matching: 3, others: 0 });
    const due = await addBroadcast({ talentId });
    const stalled = await addBroadcast({ talentId, status: 'PREPARING', startedPreparingAt: new Date() });
    const sending = await addBroadcast({ talentId, pushNotificationHeadline: 'Hi' });
    await prepareBroadcast(database.db, sending, { ...sends(), chunkSize: 2 });
    await sendBroadcastChunk(database.db, { broadcastId: sending, chunk: 0 }, noPush);
    const sweep = await sweepBroadcasts(database.db);
    expect(sweep.prepare).toEqual(expect.arrayContaining([due, stalled]));
    expect(sweep.prepare).not.toContain(sending);
    expect(sweep.send).toContainEqual({ broadcastId: sending, chunk: 1 });
    expect(sweep.send).not.toContainEqual({ broadcastId: sending, chunk: 0 });
    expect(sweep.push).toContainEqual({ broadcastId: sending, chunk: 0 });
    // The half-prepared one is finished by the next prepare.
    expect(await prepareBroadcast(database.db, stalled, { ...sends() })).toMatchObject({ outcome: 'prepared', audience: 3 });
    const sent = await database.db.select().from(broadcastChunks).where(isNotNull(broadcastChunks.sentAt));
    expect(sent.length).toBeGreaterThan(0);
  });
});
