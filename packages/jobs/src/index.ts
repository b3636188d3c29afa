// The job catalog and what every process needs to send and inspect jobs: a pg-boss instance,
// the queue set-up, transactional enqueue. Handlers live in apps/worker.

export type { PgBoss } from 'pg-boss';
export { type BossRole, bossSchema, type CreateBossOptions, createBoss, ensureQueues, registerSchedules } from './boss.ts';
export {
  broadcastChunkKey,
  broadcastPrepareKey,
  enqueueBroadcastChunk,
  enqueueBroadcastPrepare,
  enqueueBroadcastSends,
} from './broadcast-jobs.ts';
export {
  deadLetterQueueName,
  deadLetterQueueSettings,
  InvalidJobPayloadError,
  isJobName,
  type JobCatalog,
  type JobDefinition,
  type JobName,
  type JobPayload,
  type JobPayloadInput,
  jobCatalog,
  jobNames,
  notifyBackstopPollingSeconds,
  parseJobPayload,
  type QueueSettings,
  type WorkSettings,
} from './catalog.ts';
export { type EnqueueOptions, enqueue, enqueueMany, jobChangeEntity } from './enqueue.ts';
export { enqueueKnowledgeIngest, knowledgeIngestKey } from './knowledge-jobs.ts';
export { type JobOrigin, jobOriginKey, splitJobOrigin, withJobOrigin } from './origin.ts';
export { enqueueQualityRun } from './quality-jobs.ts';
export { completeJobs, type JobCompletion } from './settle-jobs.ts';
export { releaseFailedKeys, retryStalledJobs, type StalledJobSweep, startStalledJobSweep } from './stalled-jobs.ts';
