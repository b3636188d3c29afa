// Delivers one chunk of a broadcast (docs/broadcasts.md); with a push headline, the chunk's
// notifications are queued in the same transaction.
import { sendBroadcastChunk } from '@doppel/domain/broadcasts';
import { broadcastChunkKey } from '@doppel/jobs';
import type { JobHandler } from './types.ts';

export const runBroadcastsSend: JobHandler<'broadcasts.send'> = async (payload, { db, followUp }) => {
  const result = await sendBroadcastChunk(db, payload, {
    enqueuePush: async (tx, broadcastId, chunk) => {
      await followUp?.('broadcasts.push', { broadcastId, chunk }, { tx, singletonKey: broadcastChunkKey(broadcastId, chunk) });
    },
  });
  return { broadcastId: payload.broadcastId, chunk: payload.chunk, ...result };
};
