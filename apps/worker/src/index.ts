// What other processes need to send and inspect jobs: the catalog, a client pg-boss, enqueue.
export { bossSchema, createBoss, ensureQueues } from './boss.ts';
export { type EnqueueOptions, enqueue } from './enqueue.ts';
export {
  InvalidJobPayloadError,
  type JobName,
  type JobPayload,
  type JobPayloadInput,
  jobCatalog,
  jobNames,
  parseJobPayload,
} from './jobs/catalog.ts';
export { type RunningWorker, startWorker, type WorkerOptions } from './worker.ts';
