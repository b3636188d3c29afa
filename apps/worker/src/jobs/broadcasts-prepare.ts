// Prepares broadcasts (docs/broadcasts.md). With an id (sent for the broadcast's scheduledAt):
// prepare it and enqueue its send chunks in the same transaction. Without one (every minute):
// hand out again whatever a crash or a lost job left behind: due or PREPARING broadcasts, unsent
// chunks, pushes not yet made. Every step checks its own state, so sending one twice is harmless.
import { prepareBroadcast, sweepBroadcasts } from '@doppel/domain/broadcasts';
import { broadcastChunkKey, broadcastPrepareKey } from '@doppel/jobs';
import type { JobHandler, JobOutput } from './types.ts';

export const runBroadcastsPrepare: JobHandler<'broadcasts.prepare'> = async (payload, { db, log, followUp, followUpMany }) => {
  if (!followUp || !followUpMany) throw new Error('broadcasts.prepare needs a worker to enqueue its next steps');
  if (!payload.broadcastId) {
    const sweep = await sweepBroadcasts(db);
    for (const broadcastId of sweep.prepare) {
      await followUp('broadcasts.prepare', { broadcastId }, { singletonKey: broadcastPrepareKey(broadcastId) });
    }
    for (const { broadcastId, chunk } of sweep.send) {
      await followUp('broadcasts.send', { broadcastId, chunk }, { singletonKey: broadcastChunkKey(broadcastId, chunk) });
    }
    for (const { broadcastId, chunk } of sweep.push) {
      await followUp('broadcasts.push', { broadcastId, chunk }, { singletonKey: broadcastChunkKey(broadcastId, chunk) });
    }
    const output: JobOutput = { prepare: sweep.prepare.length, send: sweep.send.length, push: sweep.push.length };
    return output;
  }
  const broadcastId = payload.broadcastId;
  const result = await prepareBroadcast(db, broadcastId, {
    enqueueSends: (tx, id, chunks) =>
      followUpMany(
        'broadcasts.send',
        chunks.map((chunk) => ({ payload: { broadcastId: id, chunk }, singletonKey: broadcastChunkKey(id, chunk) })),
        { tx },
      ),
  });
  log.info('broadcast prepared', { broadcastId, ...result });
  const output: JobOutput = { broadcastId, outcome: result.outcome };
  if (result.outcome === 'prepared')
    Object.assign(output, { audience: result.audience, chunks: result.chunks, status: result.status });
  return output;
};
