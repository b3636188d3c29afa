import type { DbClient, Executor } from '../client.ts';
import { type ChangeEventJson, changeEvents } from '../schema/live.ts';

/** What a write announces: which row of which entity changed, and who may see it. */
export type ChangeEvent = ChangeEventJson;
/**
 * A change once its transaction's row is stamped: `seq` orders transactions in commit order and
 * `index` the changes within one. `{seq}.{index}` is the id clients resume from.
 */
export type FeedEvent = ChangeEvent & { seq: number; index: number };

/** A position in the feed: after this change, nothing has been missed. */
export type FeedPosition = { seq: number; index: number };

export function formatFeedPosition(position: FeedPosition): string {
  return `${position.seq}.${position.index}`;
}

/** Reads `{seq}.{index}` (or a bare `{seq}`: after that whole transaction). */
export function parseFeedPosition(value: string): FeedPosition | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  return { seq: Number(match[1]), index: match[2] === undefined ? Number.MAX_SAFE_INTEGER : Number(match[2]) };
}

/** True when `a` comes after `b` in the feed. */
export function isAfter(a: FeedPosition, b: FeedPosition): boolean {
  return a.seq > b.seq || (a.seq === b.seq && a.index > b.index);
}

export type FeedListener = (event: FeedEvent) => void;

/**
 * Records change events in the caller's transaction (the outbox): one row, however many changes,
 * and no NOTIFY (a NOTIFY inside every write transaction serialises commits cluster-wide).
 */
export async function recordChanges(executor: Executor, events: ChangeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(changeEvents).values({ changes: events });
}

export const feedChannel = 'doppel_changes';
// Any constant works; it only has to be the same in every process that drains.
const drainLockKey = 4_242_001;
const batchSize = 1000;

export type LiveFeedOptions = {
  /** Backstop for writes made without a nudge (another process, psql). */
  pollIntervalMs?: number;
  /** A nudge waits this long, so the writes of a busy moment are stamped in one batch. */
  batchDelayMs?: number;
  /** Stamped events older than this are deleted; a client away longer gets a resync. */
  retentionMs?: number;
  log?: (message: string, error?: unknown) => void;
};

export type LiveFeed = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Call after committing a write that recorded changes: stamps and fans them out at once. */
  nudge: () => void;
  subscribe: (listener: FeedListener) => () => void;
  /** The changes of the transactions after `seq`, oldest first, for a reconnecting client. */
  readSince: (seq: number, limit?: number) => Promise<FeedEvent[]>;
  /** The smallest seq still stored, or undefined when the outbox is empty. */
  oldestSeq: () => Promise<number | undefined>;
  /** The last seq this process has delivered to its listeners. */
  latestSeq: () => number;
};

type Row = { seq: string | number; changes: ChangeEventJson[] };

function toEvents(row: Row): FeedEvent[] {
  const seq = Number(row.seq);
  return row.changes.map((change, index) => ({ seq, index, entity: change.entity, rowId: change.rowId, scopes: change.scopes }));
}

/**
 * One per process. Two jobs:
 * - drain: stamp committed outbox rows with a seq, in batches, under a transaction-scoped
 *   advisory lock so stamping is serial across processes (seq order = commit order, so a reader
 *   that has seen seq N has seen everything below it), with one NOTIFY per batch;
 * - deliver: LISTEN for those batch notifications and read the new events in seq order.
 */
export function createLiveFeed(client: DbClient, options: LiveFeedOptions = {}): LiveFeed {
  const { sql } = client;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchDelayMs = options.batchDelayMs ?? 20;
  let nudgeTimer: NodeJS.Timeout | undefined;
  // An hour covers any reconnect; a client away longer refetches everything (resync).
  const retentionMs = options.retentionMs ?? 60 * 60 * 1000;
  const log = options.log ?? (() => {});
  const listeners = new Set<FeedListener>();
  let lastDelivered = 0;
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let lastPrune = 0;

  // Coalescing runners: a request while running schedules exactly one more run.
  function coalesce(task: () => Promise<void>): { run: () => Promise<void>; idle: () => Promise<void> } {
    let running: Promise<void> | undefined;
    let again = false;
    const run = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          try {
            await task();
          } catch (error) {
            if (!stopped) log('live feed task failed', error);
          }
        } while (again && !stopped);
        running = undefined;
      })();
      return running;
    };
    return { run, idle: async () => void (await running) };
  }

  async function stampPending(): Promise<number | undefined> {
    const [pending] = await sql`select exists (select 1 from change_events where seq is null) as pending`;
    if (!pending?.pending) return undefined;
    let maxSeq: number | undefined;
    await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${drainLockKey})`;
      const rows = await tx`
        update change_events set seq = nextval('change_event_seq')
        where id in (select id from change_events where seq is null order by id limit ${batchSize})
        returning seq`;
      for (const row of rows) maxSeq = Math.max(maxSeq ?? 0, Number(row.seq));
      // One notification per batch, delivered at commit.
      if (maxSeq !== undefined) await tx`select pg_notify(${feedChannel}, ${String(maxSeq)})`;
    });
    return maxSeq;
  }

  async function prune(): Promise<void> {
    if (Date.now() - lastPrune < 60_000) return;
    lastPrune = Date.now();
    await sql`delete from change_events where seq is not null and created_at < now() - make_interval(secs => ${retentionMs / 1000})`;
  }

  const drainer = coalesce(async () => {
    // Keep stamping until nothing is left, so a burst never waits for the next poll.
    while (!stopped && (await stampPending()) !== undefined) {}
    await prune();
  });

  async function readRowsSince(seq: number, limit: number): Promise<Row[]> {
    return sql<Row[]>`select seq, changes from change_events where seq > ${seq} order by seq limit ${limit}`;
  }

  async function readSince(seq: number, limit = batchSize): Promise<FeedEvent[]> {
    return (await readRowsSince(seq, limit)).flatMap(toEvents);
  }

  const deliverer = coalesce(async () => {
    for (;;) {
      const rows = await readRowsSince(lastDelivered, batchSize);
      for (const row of rows) {
        lastDelivered = Number(row.seq);
        for (const event of toEvents(row)) {
          for (const listener of listeners) {
            try {
              listener(event);
            } catch (error) {
              log('live feed listener failed', error);
            }
          }
        }
      }
      if (rows.length < batchSize) return;
    }
  });

  return {
    async start() {
      stopped = false;
      const [row] = await sql`select coalesce(max(seq), 0) as seq from change_events`;
      lastDelivered = Number(row?.seq ?? 0);
      const subscription = await sql.listen(
        feedChannel,
        () => void deliverer.run(),
        // Runs again after a reconnect: catch up on whatever was missed meanwhile.
        () => void deliverer.run(),
      );
      unlisten = subscription.unlisten;
      const tick = () => {
        if (stopped) return;
        void drainer
          .run()
          .then(() => deliverer.run())
          .finally(() => {
            if (!stopped) pollTimer = setTimeout(tick, pollIntervalMs);
          });
      };
      pollTimer = setTimeout(tick, pollIntervalMs);
    },
    async stop() {
      stopped = true;
      if (pollTimer) clearTimeout(pollTimer);
      if (nudgeTimer) clearTimeout(nudgeTimer);
      await drainer.idle();
      await deliverer.idle();
      await unlisten?.().catch(() => {});
      listeners.clear();
    },
    nudge() {
      if (stopped || nudgeTimer) return;
      nudgeTimer = setTimeout(() => {
        nudgeTimer = undefined;
        void drainer.run().then(() => deliverer.run());
      }, batchDelayMs);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readSince,
    async oldestSeq() {
      const [row] = await sql`select min(seq) as seq from change_events where seq is not null`;
      return row?.seq == null ? undefined : Number(row.seq);
    },
    latestSeq: () => lastDelivered,
  };
}

/** Every change recorded so far, stamped or not, oldest first: for tests and operators. */
export async function listRecordedChanges(executor: Executor): Promise<ChangeEvent[]> {
  const rows = await executor.select({ changes: changeEvents.changes }).from(changeEvents).orderBy(changeEvents.id);
  return rows.flatMap((row) => row.changes);
}
