import type { Database } from '@doppel/db';
import type { JobName, JobPayload } from '@doppel/jobs';
import type { Logger } from '../log.ts';

export type JobContext = {
  db: Database;
  log: Logger;
  job: { id: string; name: JobName; retryCount: number };
};

/** Stored as the job's output (visible in `ops jobs`), so plain JSON only. */
export type JobOutput = Record<string, string | number | boolean | null>;

/** A handler must be idempotent: pg-boss runs a job again after a crash or an expiry. */
export type JobHandler<Name extends JobName> = (payload: JobPayload<Name>, context: JobContext) => Promise<JobOutput>;
