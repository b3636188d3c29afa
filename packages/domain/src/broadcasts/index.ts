// Sending broadcasts (the worker's broadcasts.* jobs): the audience, preparing, sending chunks,
// push notifications and the sweep that resumes what a crash interrupted.
export { audienceActivePeriod, audienceChunksQuery, audienceQuietPeriod } from './audience.ts';
export {
  broadcastChunkSize,
  type EnqueueSends,
  type PrepareOutcome,
  prepareBroadcast,
  unsentChunks,
} from './prepare-broadcast.ts';
export { type PushChunkOptions, type PushChunkOutcome, pushBroadcastChunk } from './push-chunk.ts';
export { broadcastChanged } from './scopes.ts';
export { type EnqueuePush, type SendChunkOutcome, sendBroadcastChunk } from './send-chunk.ts';
export { type BroadcastSweep, sweepBroadcasts } from './sweep.ts';
