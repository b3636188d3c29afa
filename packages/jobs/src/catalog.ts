// The one place every background job is declared: its dotted name, its payload schema, the queue
// settings pg-boss creates it with, and its schedule, one group of jobs per file in ./catalog
// (shared settings in catalog/presets.ts), assembled here. It lives in a package (not in the worker app)
// so the API can enqueue inside its own transactions. Handlers live one per file in
// apps/worker/src/jobs and are wired up in handlers.ts there; the worker creates every queue below
// at start.
import { z } from 'zod';
import { accountJobs } from './catalog/account.ts';
import { broadcastJobs } from './catalog/broadcasts.ts';
import { chatJobs } from './catalog/chat.ts';
import type { QueueSettings } from './catalog/definition.ts';
import { insightsJobs } from './catalog/insights.ts';
import { knowledgeJobs } from './catalog/knowledge.ts';
import { modelJobs } from './catalog/models.ts';
import { payoutJobs } from './catalog/payouts.ts';
import { day, minute } from './catalog/presets.ts';
import { qualityJobs } from './catalog/quality.ts';
import { reachOutJobs } from './catalog/reach-out.ts';
import { sessionJobs } from './catalog/session.ts';
import { systemJobs } from './catalog/system.ts';
import { telegramJobs } from './catalog/telegram.ts';

export type { JobDefinition, QueueSettings, WorkSettings } from './catalog/definition.ts';

/** Every job, one group per file in ./catalog. */
export const jobCatalog = {
  ...sessionJobs,
  ...accountJobs,
  ...systemJobs,
  ...chatJobs,
  ...modelJobs,
  ...payoutJobs,
  ...broadcastJobs,
  ...knowledgeJobs,
  ...qualityJobs,
  ...insightsJobs,
  ...reachOutJobs,
  ...telegramJobs,
};

export type JobCatalog = typeof jobCatalog;
export type JobName = keyof JobCatalog;
/** What a caller passes to enqueue (defaults not yet applied). */
export type JobPayloadInput<Name extends JobName> = z.input<JobCatalog[Name]['payload']>;
/** What a handler receives, after validation. */
export type JobPayload<Name extends JobName> = z.output<JobCatalog[Name]['payload']>;

export const jobNames = Object.keys(jobCatalog) as JobName[];

/** While NOTIFY is live, polling is only a slow safety net. */
export const notifyBackstopPollingSeconds = 10;

/** Where a job lands once its retries are used up; kept a month for `ops jobs` and `ops redrive`. */
export function deadLetterQueueName(name: JobName): string {
  return `${name}.dead`;
}

export const deadLetterQueueSettings: QueueSettings = {
  policy: 'standard',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 15 * minute,
  retentionSeconds: 30 * day,
  deleteAfterSeconds: 30 * day,
  notify: false,
};

export function isJobName(value: string): value is JobName {
  return Object.hasOwn(jobCatalog, value);
}

export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
  readonly issues: z.core.$ZodIssue[];
  constructor(jobName: string, error: z.ZodError) {
    super(`invalid payload for ${jobName}: ${z.prettifyError(error).replaceAll('\n', '; ')}`);
    this.issues = error.issues;
  }
}

/** Validates a payload against the job's schema and applies its defaults. */
export function parseJobPayload<Name extends JobName>(name: Name, payload: unknown): JobPayload<Name> {
  const result = jobCatalog[name].payload.safeParse(payload);
  if (!result.success) throw new InvalidJobPayloadError(name, result.error);
  return result.data as JobPayload<Name>;
}
