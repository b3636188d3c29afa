// The worker tier's entry for tests and the supervisor. The catalog, enqueue and pg-boss set-up
// live in @doppel/jobs so other processes can send jobs without importing an app.
export { type RunningWorker, startWorker, type WorkerOptions } from './worker.ts';
