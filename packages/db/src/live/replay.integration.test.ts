import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { type ChangeEvent, recordChanges } from './feed.ts';
import { replayCheckQuery, replayRowsQuery, replaySince } from './replay.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(() => database.drop());

/**
 * Records the changes in one transaction and returns its id once the feed could hand it out: when
 * every transaction that began before it has ended. Other test files share the Postgres server, and
 * one of their open transactions holds the watermark below ours for a moment.
 */
async function commit(changes: ChangeEvent[]): Promise<number> {
  const xid = await database.db.transaction(async (tx) => {
    await recordChanges(tx, changes);
    const [row] = await tx.execute<{ xid: string }>(sql`select pg_current_xact_id()::text as xid`);
    return Number(row?.xid);
  });
  await vi.waitFor(
    async () => {
      const [row] = await database.sql<{ xmin: string }[]>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`;
      if (Number(row?.xmin) <= xid) throw new Error(`transaction ${xid} is not below the watermark yet`);
    },
    { timeout: 20_000, interval: 20 },
  );
  return xid;
}

const change = (rowId: string, scopes: string[]): ChangeEvent => ({ entity: 'chat_messages', rowId, scopes });

describe('replaying the feed for a reconnecting client', () => {
  it('reads only the changes naming its scopes, from its last transaction on, with their places in it', async () => {
    const first = await commit([change('a1', ['chat:a']), change('b1', ['chat:b'])]);
    await commit([change('b2', ['chat:b'])]);
    // A broadcast's row names many chats; the client gets its own change, at its index.
    const third = await commit([change('b3', ['chat:b']), change('a3', ['chat:x', 'chat:a', 'chat:y'])]);
    const replay = await replaySince(database.sql, { xid: first, index: 0 }, ['chat:a']);
    expect(replay).toEqual({
      resync: false,
      events: [
        { xid: first, index: 0, entity: 'chat_messages', rowId: 'a1', scopes: ['chat:a'] },
        { xid: third, index: 1, entity: 'chat_messages', rowId: 'a3', scopes: ['chat:x', 'chat:a', 'chat:y'] },
      ],
    });
  });

  it('asks for a resync when the position is pruned, was never handed out, or is too far behind', async () => {
    const resync = { resync: true, after: expect.objectContaining({ index: Number.MAX_SAFE_INTEGER }) };
    // Nothing is kept at or before transaction 1: whatever followed it may be gone too.
    expect(await replaySince(database.sql, { xid: 1, index: 0 }, ['chat:a'])).toEqual(resync);
    // Above every transaction that has ended: no reader was ever there.
    expect(await replaySince(database.sql, { xid: 999_999_999_999, index: 0 }, ['chat:a'])).toEqual(resync);

    const from = await commit([change('c0', ['chat:c'])]);
    for (const rowId of ['c1', 'c2', 'c3']) await commit([change(rowId, ['chat:c'])]);
    expect(await replaySince(database.sql, { xid: from, index: 0 }, ['chat:c'], 3)).toMatchObject({ resync: false });
    await commit([change('other', ['chat:d'])]);
    // Four transactions after it now, whatever their scopes: more than the three it may read.
    const behind = await replaySince(database.sql, { xid: from, index: 0 }, ['chat:c'], 3);
    expect(behind).toEqual(resync);
    // The refetch stands for everything up to the watermark: the client goes on from there.
    if (!behind.resync) throw new Error('expected a resync');
    expect(behind.after.xid).toBeGreaterThan(from + 3);
    expect(await replaySince(database.sql, behind.after, ['chat:c'])).toEqual({ resync: false, events: [] });
  });

  it('walks the primary key from the position, however many events the outbox keeps', async () => {
    // Negative ids stand for an hour of events, below every real transaction id.
    await database.sql`
      insert into change_events (xid, changes)
      select g, '[{"entity":"jobs","rowId":"old","scopes":["chat:z"]}]'::jsonb from generate_series(-20000, -1) g`;
    await database.sql`analyze change_events`;
    try {
      const from = { xid: -100, index: 0 };
      const plans = [
        await database.sql`explain ${replayCheckQuery(database.sql, from, 5000)}`,
        await database.sql`explain ${replayRowsQuery(database.sql, from, ['chat:z'])}`,
      ];
      for (const plan of plans) {
        const text = plan.map((row) => String(Object.values(row)[0])).join('\n');
        expect(text).toContain('change_events_pkey');
        expect(text).not.toContain('Seq Scan');
      }
      const replay = await replaySince(database.sql, from, ['chat:z']);
      expect(replay.resync ? 0 : replay.events.filter((event) => event.xid < 0)).toHaveLength(100);
    } finally {
      await database.sql`delete from change_events where xid < 0`;
    }
  });
});
