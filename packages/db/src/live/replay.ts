// What a reconnecting live client missed, read for its own scopes only, or word that it is too far
// behind and must refetch. Before, a client sending an old position (or "1") re-read the whole
// outbox in batches and filtered it in the API: 150 such streams stalled the server for seconds.
import type { DbClient } from '../client.ts';
import type { FeedEvent, FeedPosition } from './feed.ts';

/**
 * At most this many transactions after the client's position are replayed; a client further
 * behind refetches everything instead. It bounds what one replay reads, whatever the outbox holds
 * (an hour of events under load), and at the few changes a second of a busy day it still covers
 * a reconnect of several minutes.
 */
export const maxReplayTransactions = 5000;

/**
 * The missed events of the scopes, oldest first; or `resync`: too far behind, refetch everything.
 * A resync comes with the position the refetch stands for: every transaction before it had ended
 * when the replay looked, so a refetch made after it has their changes, and the stream goes on after it.
 */
export type Replay = { resync: true; after: FeedPosition } | { resync: false; events: FeedEvent[] };

type Check = { xmin: string | number; kept: boolean; delivered: boolean; behind: number };
type Row = { xid: string | number; index: number; change: { entity: string; rowId: string; scopes: string[] } };

/** What a client resuming after `from` missed of `scopes`, or a resync (see Replay). */
export async function replaySince(
  pg: DbClient['sql'],
  from: FeedPosition,
  scopes: readonly string[],
  maxTransactions = maxReplayTransactions,
): Promise<Replay> {
  const [check] = await replayCheckQuery(pg, from, maxTransactions);
  if (!check) throw new Error('the replay check returned no row');
  if (!check.kept || !check.delivered || check.behind > maxTransactions) {
    return { resync: true, after: { xid: Number(check.xmin) - 1, index: Number.MAX_SAFE_INTEGER } };
  }
  const rows = await replayRowsQuery(pg, from, scopes);
  return {
    resync: false,
    events: rows.map((row) => ({
      xid: Number(row.xid),
      index: row.index,
      entity: row.change.entity,
      rowId: row.change.rowId,
      scopes: row.change.scopes,
    })),
  };
}

/**
 * Whether a replay from `from` may read: three probes of the primary key. A kept row at or before
 * the position (pruning deletes oldest first, so everything after it is kept too; `min` reads the
 * first index entry, where `exists (… xid <= $1)` was planned as a scan that finds nothing for
 * "1" only at the end of the table); the position
 * below the watermark (every id the feed hands out is; anything above was made up); and at most
 * `maxTransactions + 1` rows after it.
 */
export function replayCheckQuery(pg: DbClient['sql'], from: FeedPosition, maxTransactions: number) {
  return pg<Check[]>`
    with watermark as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin)
    select
      (select xmin from watermark) as xmin,
      coalesce((select min(xid) from change_events) <= ${from.xid}, false) as kept,
      ${from.xid} < (select xmin from watermark) as delivered,
      (select count(*)::int from (
        select 1 from change_events where xid > ${from.xid} and xid < (select xmin from watermark) limit ${maxTransactions + 1}
      ) after) as behind`;
}

/**
 * The final changes from `from`'s transaction on that name one of `scopes`, with their index in
 * their transaction. Walks the primary key from the position (at most about `maxTransactions`
 * rows once the check passed) and sends back only the matching changes: a broadcast's row names
 * every chat it wrote to, and the client wants one.
 */
export function replayRowsQuery(pg: DbClient['sql'], from: FeedPosition, scopes: readonly string[]) {
  return pg<Row[]>`
    with watermark as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin)
    select e.xid, (c.n - 1)::int as index, c.change
    from change_events e
    cross join lateral jsonb_array_elements(e.changes) with ordinality as c(change, n)
    where e.xid >= ${from.xid} and e.xid < (select xmin from watermark)
      and c.change->'scopes' ?| ${pg.array([...scopes])}::text[]
    order by e.xid, c.n`;
}
