import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { createLiveFeed, type FeedEvent, finalRowsQuery, type LiveFeed, listRecordedChanges, recordChanges } from './feed.ts';

let database: TestDatabase;
let feed: LiveFeed;
const received: FeedEvent[] = [];

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  // A slow poll, so what arrives on time arrived through a nudge or a held-back retry.
  feed = createLiveFeed(database, { pollIntervalMs: 60_000 });
  feed.subscribe((event) => received.push(event));
  await feed.start();
});
afterAll(async () => {
  await feed.stop();
  await database.drop();
});

function until(check: () => boolean): Promise<void> {
  return vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 10 });
}

const rowIds = () => received.map((event) => event.rowId);

describe('the live feed', () => {
  it('keeps one row per transaction, however often it records', async () => {
    await database.db.transaction(async (tx) => {
      await recordChanges(tx, [{ entity: 'jobs', rowId: 'chat.reply', scopes: [] }]);
      await recordChanges(tx, [
        { entity: 'chats', rowId: 'c1', scopes: ['chat:c1'] },
        { entity: 'chat_messages', rowId: 'm1', scopes: ['chat:c1'] },
      ]);
    });
    feed.nudge();
    await until(() => rowIds().includes('m1'));
    const [first, second, third] = received.slice(-3);
    expect([first?.rowId, second?.rowId, third?.rowId]).toEqual(['chat.reply', 'c1', 'm1']);
    expect(new Set([first?.xid, second?.xid, third?.xid]).size).toBe(1);
    expect([first?.index, second?.index, third?.index]).toEqual([0, 1, 2]);
  });

  it('holds a committed change back until every older transaction has ended, then delivers both in order', async () => {
    received.length = 0;
    // An older transaction takes its id first and stays open...
    let finishOlder!: () => void;
    const olderMayCommit = new Promise<void>((resolve) => {
      finishOlder = resolve;
    });
    let olderStarted!: () => void;
    const olderHasId = new Promise<void>((resolve) => {
      olderStarted = resolve;
    });
    const older = database.db.transaction(async (tx) => {
      await recordChanges(tx, [{ entity: 'talents', rowId: 'older', scopes: ['admin'] }]);
      olderStarted();
      await olderMayCommit;
    });
    await olderHasId;
    // ...while a younger one commits and nudges.
    await database.db.transaction((tx) => recordChanges(tx, [{ entity: 'talents', rowId: 'younger', scopes: ['admin'] }]));
    feed.nudge();
    // A read now does not see it (the nudged read is no different), ...
    expect(await feed.readSince(0)).not.toContainEqual(expect.objectContaining({ rowId: 'younger' }));

    finishOlder();
    await older;
    // No nudge: the feed looks again by itself while something is held back.
    await until(() => received.length === 2);
    // ...and it never came ahead of the older one: what a listener got first is the older change.
    expect(rowIds()).toEqual(['older', 'younger']);
    expect((received[0]?.xid ?? 0) < (received[1]?.xid ?? 0)).toBe(true);
  });

  it('never delivers a rolled-back change', async () => {
    received.length = 0;
    await database.db
      .transaction(async (tx) => {
        await recordChanges(tx, [{ entity: 'users', rowId: 'rolled-back', scopes: [] }]);
        throw new Error('abort');
      })
      .catch(() => {});
    await database.db.transaction((tx) => recordChanges(tx, [{ entity: 'users', rowId: 'kept', scopes: [] }]));
    feed.nudge();
    await until(() => rowIds().includes('kept'));
    expect(rowIds()).toEqual(['kept']);
    expect((await listRecordedChanges(database.db)).map((change) => change.rowId)).not.toContain('rolled-back');
  });

  it('spaces its reads under a burst of nudges, each read taking everything that became final', async () => {
    // A wide gap, so the two commits below land inside it even on a busy machine.
    const spaced = createLiveFeed(database, { pollIntervalMs: 60_000, minReadGapMs: 2_000 });
    const arrivals: string[] = [];
    // A read hands its rows to listeners in one synchronous loop, so what has arrived by the
    // microtask after burst-2 came in the same read; a later read needs a database round trip.
    let arrivedWithBurst2: string[] = [];
    spaced.subscribe((event) => {
      arrivals.push(event.rowId);
      if (event.rowId === 'burst-2') queueMicrotask(() => (arrivedWithBurst2 = [...arrivals]));
    });
    await spaced.start();
    try {
      const commit = async (rowId: string) => {
        await database.db.transaction((tx) => recordChanges(tx, [{ entity: 'users', rowId, scopes: [] }]));
        spaced.nudge();
      };
      await commit('burst-1');
      await until(() => arrivals.includes('burst-1'));
      // Two more commits, each nudging, right after the read that delivered the first.
      await commit('burst-2');
      await commit('burst-3');
      await until(() => arrivals.includes('burst-3'));
      expect(arrivals).toEqual(['burst-1', 'burst-2', 'burst-3']);
      // burst-2's nudge did not read at once: the read waited out the gap, and by then burst-3 was
      // final too, so one read brought both.
      expect(arrivedWithBurst2).toEqual(['burst-1', 'burst-2', 'burst-3']);
    } finally {
      await spaced.stop();
    }
  });

  it('reads through the primary key, however many events the retention keeps', async () => {
    // An hour of events at load: the planner must not scan the table on each read. Negative ids
    // stand for them: below every real transaction id, so nothing else sees them.
    await database.sql`
      insert into change_events (xid, changes)
      select g, '[{"entity":"jobs","rowId":"old","scopes":[]}]'::jsonb from generate_series(-20000, -1) g`;
    await database.sql`analyze change_events`;
    try {
      const plan = await database.sql`explain ${finalRowsQuery(database.sql, 1, 1000)}`;
      const lines = plan.map((row) => String(Object.values(row)[0]));
      expect(lines.filter((line) => line.includes('change_events_pkey'))).toHaveLength(2);
      expect(lines.join('\n')).not.toContain('Seq Scan');
    } finally {
      await database.sql`delete from change_events where xid < 0`;
    }
  });

  it('prunes oldest first after the retention, and says which transactions are gone', async () => {
    const pruning = createLiveFeed(database, { pollIntervalMs: 10, retentionMs: 50 });
    const before = await feed.readSince(0);
    const oldest = before[0];
    if (!oldest) throw new Error('the earlier tests recorded nothing');
    expect(await pruning.isKept(oldest.xid)).toBe(true);
    await pruning.start();
    try {
      // The first pass notes the watermark; a pass one retention later deletes below it.
      await expect.poll(() => pruning.isKept(oldest.xid), { timeout: 10_000, interval: 10 }).toBe(false);
    } finally {
      await pruning.stop();
    }
    await database.db.transaction((tx) => recordChanges(tx, [{ entity: 'users', rowId: 'after-prune', scopes: [] }]));
    feed.nudge();
    await until(() => rowIds().includes('after-prune'));
    const latest = received.at(-1);
    expect(latest && (await feed.isKept(latest.xid))).toBe(true);
  });
});
