import { sql } from 'drizzle-orm';
import type { DbClient, Executor } from '../client.ts';
import { type ChangeEventJson, changeEvents } from '../schema/live.ts';
import { type Replay, replaySince } from './replay.ts';
import { parseReplyDraft, type ReplyDraft, replyDraftChannel } from './reply-drafts.ts';

/** What a write announces: which row of which entity changed, and who may see it. */
export type ChangeEvent = ChangeEventJson;
/**
 * A change as the feed delivers it: `xid` is the writing transaction's id, and `index` the change's
 * place among that transaction's changes. `{xid}.{index}` is the id clients resume from.
 */
export type FeedEvent = ChangeEvent & { xid: number; index: number };

/** A position in the feed: after this change, nothing has been missed. */
export type FeedPosition = { xid: number; index: number };

/** `{xid}.{index}`, or a bare `{xid}` for the end of a transaction (what parseFeedPosition reads back). */
export function formatFeedPosition(position: FeedPosition): string {
  return position.index === Number.MAX_SAFE_INTEGER ? `${position.xid}` : `${position.xid}.${position.index}`;
}

/** Reads `{xid}.{index}` (or a bare `{xid}`: after that whole transaction). */
export function parseFeedPosition(value: string): FeedPosition | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  return { xid: Number(match[1]), index: match[2] === undefined ? Number.MAX_SAFE_INTEGER : Number(match[2]) };
}

/** True when `a` comes after `b` in the feed. */
export function isAfter(a: FeedPosition, b: FeedPosition): boolean {
  return a.xid > b.xid || (a.xid === b.xid && a.index > b.index);
}

export type FeedListener = (event: FeedEvent) => void;

/**
 * Records change events in the caller's transaction (the outbox): one insert, no NOTIFY (a NOTIFY
 * inside every write transaction serialises commits cluster-wide). The row is keyed by the
 * transaction's id, so a transaction that records twice appends to its one row.
 */
export async function recordChanges(executor: Executor, events: ChangeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await executor
    .insert(changeEvents)
    .values({ changes: events })
    .onConflictDoUpdate({ target: changeEvents.xid, set: { changes: sql`${changeEvents.changes} || excluded.changes` } });
}

export const feedChannel = 'doppel_changes';
const batchSize = 1000;

export type LiveFeedOptions = {
  /**
   * Backstop for writes made without a nudge (another process, psql). Without a LISTEN session
   * (behind a transaction pooler with no direct URL) it is how other processes' writes arrive.
   */
  pollIntervalMs?: number;
  /** A nudge waits this long, so the commits of a busy moment are announced with one NOTIFY. */
  batchDelayMs?: number;
  /**
   * How soon to look again when committed rows wait behind a transaction still open (their turn
   * comes when it ends, and it may end without announcing anything).
   */
  heldBackRetryMs?: number;
  /**
   * Reads of one process are at least this far apart. Under load every NOTIFY and held-back retry
   * asks for a read; spacing them bounds the reads at one per gap (40/s by default), each taking
   * all that became final meanwhile, at the price of up to one gap of extra delay.
   */
  minReadGapMs?: number;
  /** Events older than this are deleted; a client away longer gets a resync. */
  retentionMs?: number;
  /**
   * Whether this process LISTENs for reply drafts (default true: the API relays them to fans). The
   * worker, which only sends them, says false: otherwise Postgres sends every draft of every reply
   * being written back to it, for it to read and parse and hand to nobody.
   */
  drafts?: boolean;
  log?: (message: string, error?: unknown) => void;
};

export type LiveFeed = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Call after committing a write that recorded changes: every process delivers them at once. */
  nudge: () => void;
  subscribe: (listener: FeedListener) => () => void;
  /**
   * Replies being written (reply-drafts.ts), as the worker announces them; only while this process
   * LISTENs (none behind a transaction pooler without a direct URL, nor with `drafts: false`).
   */
  subscribeDrafts: (listener: (draft: ReplyDraft) => void) => () => void;
  /** The delivered changes of the transactions after `xid`, oldest first, for a reconnecting client. */
  readSince: (xid: number, limit?: number) => Promise<FeedEvent[]>;
  /** Whether the transaction `xid` still has its row: false once pruned (or never written). */
  isKept: (xid: number) => Promise<boolean>;
  /**
   * For a reconnecting client: the final events from `from`'s transaction on (the caller skips
   * what it had) that name one of `scopes`, or a resync when `from` is pruned, made up or too far behind.
   */
  replay: (from: FeedPosition, scopes: readonly string[]) => Promise<Replay>;
  /** The last transaction this process has delivered to its listeners. */
  latestXid: () => number;
};

type Row = { xid: string | number; changes: ChangeEventJson[] };

function toEvents(row: Row): FeedEvent[] {
  const xid = Number(row.xid);
  return row.changes.map((change, index) => ({ xid, index, entity: change.entity, rowId: change.rowId, scopes: change.scopes }));
}

/**
 * One per process. Rows are delivered in transaction-id order, and a row only once it is *final*:
 * its id is below the snapshot's xmin, so every transaction that could still insert a smaller id
 * has ended. Whoever has delivered up to xid N has therefore seen every row below N, without any
 * write-side ordering (no sequence stamping, no lock). A committed row behind a still-open
 * transaction waits for it (looked at again every `heldBackRetryMs`). Writers nudge after commit;
 * a nudge sends one NOTIFY per batch, and every process LISTENs and reads what became final.
 */
export function createLiveFeed(client: DbClient, options: LiveFeedOptions = {}): LiveFeed {
  const { sql: pg, listener } = client;
  // Without LISTEN, another process's write waits for the next poll: a fifth of a second at most,
  // for one indexed read per process and interval.
  const pollIntervalMs = options.pollIntervalMs ?? (listener ? 250 : 200);
  // 25 ms each: a change reaches a reader within about 50 ms, well under what a person notices,
  // while under load the processes read and notify far less often than at 10 ms (measured at 50
  // fan messages a second: about 12 % less CPU per message across the API, worker and Postgres).
  const batchDelayMs = options.batchDelayMs ?? 25;
  const heldBackRetryMs = options.heldBackRetryMs ?? 5;
  const minReadGapMs = options.minReadGapMs ?? 25;
  // An hour covers any reconnect; a client away longer refetches everything (resync).
  const retentionMs = options.retentionMs ?? 60 * 60 * 1000;
  const log = options.log ?? (() => {});
  const listeners = new Set<FeedListener>();
  const draftListeners = new Set<(draft: ReplyDraft) => void>();
  let unlistenDrafts: (() => Promise<void>) | undefined;
  let lastDelivered = 0;
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let nudgeTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  // Watermarks seen at prune time: rows below one taken `retentionMs` ago are older than that.
  const watermarks: Array<{ at: number; xmin: number }> = [];
  let lastPrune = 0;

  /**
   * The final rows after `afterXid` (oldest first, at most `limit`), and whether a committed row
   * is held back behind an open transaction (only its existence is read, not its changes).
   */
  async function readFinal(afterXid: number, limit: number): Promise<{ rows: Row[]; heldBack: boolean }> {
    const rows = await finalRowsQuery(pg, afterXid, limit);
    return { rows: rows.filter((row) => !row.held), heldBack: rows.some((row) => row.held) };
  }

  async function readSince(xid: number, limit = batchSize): Promise<FeedEvent[]> {
    return (await readFinal(xid, limit)).rows.flatMap(toEvents);
  }

  async function prune(): Promise<void> {
    if (Date.now() - lastPrune < Math.min(60_000, retentionMs)) return;
    lastPrune = Date.now();
    const [row] = await pg`select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin`;
    watermarks.push({ at: lastPrune, xmin: Number(row?.xmin) });
    let cutoff: number | undefined;
    while (watermarks[0] && lastPrune - watermarks[0].at >= retentionMs) cutoff = watermarks.shift()?.xmin;
    // By xid, so a kept row's successors are all kept too (isKept relies on it).
    if (cutoff !== undefined) await pg`delete from change_events where xid < ${cutoff}`;
  }

  // Runs one read at a time; a request meanwhile schedules exactly one more.
  let running: Promise<void> | undefined;
  let again = false;
  let lastReadAt = 0;
  async function deliverFinalRows(): Promise<void> {
    for (;;) {
      const { rows, heldBack } = await readFinal(lastDelivered, batchSize);
      for (const row of rows) {
        lastDelivered = Number(row.xid);
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
      if (heldBack && rows.length < batchSize) {
        retryTimer ??= setTimeout(() => {
          retryTimer = undefined;
          void deliver();
        }, heldBackRetryMs);
      }
      if (rows.length < batchSize) return;
    }
  }
  function deliver(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const wait = lastReadAt + minReadGapMs - Date.now();
        if (wait > 0) await new Promise((done) => setTimeout(done, wait));
        lastReadAt = Date.now();
        try {
          await deliverFinalRows();
          await prune();
        } catch (error) {
          if (!stopped) log('live feed delivery failed', error);
        }
      } while (again && !stopped);
      running = undefined;
    })();
    return running;
  }

  return {
    async start() {
      stopped = false;
      // Rows already final are history; anything still in flight is delivered when it commits.
      const [row] = await pg`select pg_snapshot_xmin(pg_current_snapshot())::text::bigint - 1 as xid`;
      lastDelivered = Number(row?.xid ?? 0);
      const subscription = await listener?.listen(
        feedChannel,
        () => void deliver(),
        // Runs again after a reconnect: catch up on whatever was missed meanwhile.
        () => void deliver(),
      );
      unlisten = subscription?.unlisten;
      // On the same connection: a draft is handed on as it comes, with no read of any table.
      const drafts = await (options.drafts === false ? undefined : listener)?.listen(replyDraftChannel, (payload) => {
        const draft = parseReplyDraft(payload);
        if (!draft) return;
        for (const draftListener of draftListeners) {
          try {
            draftListener(draft);
          } catch (error) {
            log('reply draft listener failed', error);
          }
        }
      });
      unlistenDrafts = drafts?.unlisten;
      const tick = () => {
        if (stopped) return;
        void deliver().finally(() => {
          if (!stopped) pollTimer = setTimeout(tick, pollIntervalMs);
        });
      };
      pollTimer = setTimeout(tick, pollIntervalMs);
    },
    async stop() {
      stopped = true;
      for (const timer of [pollTimer, nudgeTimer, retryTimer]) if (timer) clearTimeout(timer);
      await running;
      await unlisten?.().catch(() => {});
      await unlistenDrafts?.().catch(() => {});
      listeners.clear();
      draftListeners.clear();
    },
    nudge() {
      if (stopped || nudgeTimer) return;
      nudgeTimer = setTimeout(() => {
        nudgeTimer = undefined;
        // Every listening process (this one included) hears it and reads; NOTIFY itself works
        // through a transaction pooler, so processes that do listen still hear one that cannot.
        void pg`select pg_notify(${feedChannel}, '')`.catch((error) => log('live feed nudge failed', error));
        // Not listening, this process would otherwise see its own write only at the next poll.
        if (!listener) void deliver();
      }, batchDelayMs);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeDrafts(listener) {
      draftListeners.add(listener);
      return () => draftListeners.delete(listener);
    },
    readSince,
    async isKept(xid) {
      const [row] = await pg`select exists (select 1 from change_events where xid = ${xid}) as kept`;
      return Boolean(row?.kept);
    },
    replay: (from, scopes) => replaySince(pg, from, scopes),
    latestXid: () => lastDelivered,
  };
}

/**
 * The feed's read: the final rows after `afterXid` (oldest first, at most `limit`), plus at most one
 * `held` row when a committed row waits behind an open transaction. Both parts walk the primary key
 * in xid order; without `order by`, the held-back probe was planned as a scan of the whole table,
 * up to an hour of events, on every read.
 */
export function finalRowsQuery(pg: DbClient['sql'], afterXid: number, limit: number) {
  return pg<Array<Row & { held: boolean }>>`
    with watermark as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin)
    select * from (
      (select xid, changes, false as held from change_events
       where xid > ${afterXid} and xid < (select xmin from watermark) order by xid limit ${limit})
      union all
      (select xid, null, true from change_events where xid >= (select xmin from watermark) order by xid limit 1)
    ) found order by held, xid`;
}

/** Every change recorded so far, final or not, oldest first: for tests and operators. */
export async function listRecordedChanges(executor: Executor): Promise<ChangeEvent[]> {
  const rows = await executor.select({ changes: changeEvents.changes }).from(changeEvents).orderBy(changeEvents.xid);
  return rows.flatMap((row) => row.changes);
}
