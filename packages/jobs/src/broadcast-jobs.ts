// The one way a broadcast's jobs are sent, by the API (schedule), the worker (its next steps) and
// the ops CLI (run now, retry): the same payloads and the same singleton keys, which keep one
// queued job per broadcast and per chunk on the catalog's `stately` queues (docs/broadcasts.md).
import type { PgBoss } from 'pg-boss';
import { type EnqueueOptions, enqueue, enqueueMany } from './enqueue.ts';

/** One queued preparation per broadcast. */
export const broadcastPrepareKey = (broadcastId: string): string => broadcastId;

/** One queued send (or push) per chunk of a broadcast. */
export const broadcastChunkKey = (broadcastId: string, chunk: number): string => `${broadcastId}:${chunk}`;

/** Queues the preparation of a broadcast, at `startAfter` (its scheduledAt) or now. */
export async function enqueueBroadcastPrepare(
  boss: PgBoss,
  broadcastId: string,
  options: Pick<EnqueueOptions, 'tx' | 'startAfter'> = {},
): Promise<void> {
  await enqueue(boss, 'broadcasts.prepare', { broadcastId }, { ...options, singletonKey: broadcastPrepareKey(broadcastId) });
}

/** Queues one chunk's send or push; a chunk already waiting is not queued twice. */
export async function enqueueBroadcastChunk(
  boss: PgBoss,
  step: 'broadcasts.send' | 'broadcasts.push',
  broadcastId: string,
  chunk: number,
  options: Pick<EnqueueOptions, 'tx'> = {},
): Promise<void> {
  await enqueue(boss, step, { broadcastId, chunk }, { ...options, singletonKey: broadcastChunkKey(broadcastId, chunk) });
}

/** Queues the send of every chunk of a prepared broadcast in one insert, inside the preparing transaction. */
export async function enqueueBroadcastSends(
  boss: PgBoss,
  broadcastId: string,
  chunks: readonly number[],
  options: Required<Pick<EnqueueOptions, 'tx'>>,
): Promise<void> {
  await enqueueMany(
    boss,
    'broadcasts.send',
    chunks.map((chunk) => ({ payload: { broadcastId, chunk }, singletonKey: broadcastChunkKey(broadcastId, chunk) })),
    options,
  );
}
