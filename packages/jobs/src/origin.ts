// Where a job came from: the id of the API request that enqueued it (the X-Request-Id its log lines
// carry as `reqId`), passed on to the jobs that job enqueues in turn. One id then follows a fan's
// message from the request through its reply and memory jobs, in every process's logs.
//
// It travels in the job's data under `$origin`, a key no payload schema has: pg-boss keeps no other
// field per job. The worker splits it off before the payload is validated (strict schemas).
import { AsyncLocalStorage } from 'node:async_hooks';

export type JobOrigin = { requestId: string };

export const jobOriginKey = '$origin';

const current = new AsyncLocalStorage<JobOrigin>();

/** Runs `fn` with `origin` as the origin of every job it enqueues (none given: as it was). */
export function withJobOrigin<T>(origin: JobOrigin | undefined, fn: () => T): T {
  return origin ? current.run(origin, fn) : fn();
}

/** A validated payload as stored: with the current origin, when there is one. */
export function withCurrentOrigin(payload: object): object {
  const origin = current.getStore();
  return origin ? { ...payload, [jobOriginKey]: origin } : payload;
}

/** A stored job's data split into its payload and its origin (jobs sent without one have none). */
export function splitJobOrigin(data: unknown): { payload: unknown; origin: JobOrigin | undefined } {
  if (typeof data !== 'object' || data === null || !(jobOriginKey in data)) return { payload: data, origin: undefined };
  const { [jobOriginKey]: stored, ...payload } = data as Record<string, unknown>;
  const requestId = (stored as { requestId?: unknown } | null)?.requestId;
  return { payload, origin: typeof requestId === 'string' ? { requestId } : undefined };
}
