// Settings many jobs share, defined once: time units, retry backoffs, how long jobs are kept, and
// the payload of a job that runs on a schedule and may also be started by hand.
import { z } from 'zod';
import type { QueueSettings } from './definition.ts';

export const minute = 60;
export const hour = 60 * minute;
export const day = 24 * hour;

type Retries = Pick<QueueSettings, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax'>;

/** `retries` attempts after the first, `firstDelay` seconds apart and doubling, up to `maxDelay` when given. */
export function backoff({ retries, firstDelay, maxDelay }: { retries: number; firstDelay: number; maxDelay?: number }): Retries {
  return {
    retryLimit: retries,
    retryDelay: firstDelay,
    retryBackoff: true,
    ...(maxDelay === undefined ? {} : { retryDelayMax: maxDelay }),
  };
}

/** Most jobs: a failure is retried three times, from half a minute up to ten minutes apart. */
export const defaultBackoff = backoff({ retries: 3, firstDelay: 30, maxDelay: 10 * minute });

/** A failure is final. */
export const noRetries: Retries = { retryLimit: 0, retryDelay: 0, retryBackoff: false };

type Keeping = Pick<QueueSettings, 'retentionSeconds' | 'deleteAfterSeconds'>;

/** A job waits at most `waiting` seconds to be run, and is kept `finished` seconds once done. */
export function keep({ waiting, finished }: { waiting: number; finished: number }): Keeping {
  return { retentionSeconds: waiting, deleteAfterSeconds: finished };
}

/** Most jobs: a day to be run, a week for inspection once done. */
export const defaultKeep = keep({ waiting: day, finished: 7 * day });

/** Who started a job: its schedule, or a person (the ops CLI, a button). */
export const jobTrigger = z.enum(['schedule', 'manual']).default('manual');

/** The payload of a job that needs nothing but who started it. */
export const triggerOnly = z.strictObject({ trigger: jobTrigger });

/** Sends the job on `cron` (UTC), marked as started by its schedule. */
export function onSchedule(cron: string): { cron: string; payload: { trigger: 'schedule' } } {
  return { cron, payload: { trigger: 'schedule' } };
}

/**
 * A scheduled sweep over many rows: one run queued and one running (a doubled run finds its work
 * done, by its own lock or unique keys), the default retries, half an hour to finish.
 */
export const sweepQueue = {
  policy: 'stately',
  ...defaultBackoff,
  expireInSeconds: 30 * minute,
  ...defaultKeep,
  notify: false,
} satisfies Partial<QueueSettings>;

/**
 * A push notification about one row, enqueued in the transaction that wrote it: a repeat only
 * replaces the notification on the device, a handful of browsers takes seconds, and one that
 * waited an hour is noise (the screen already shows what it says).
 */
export const pushNotificationQueue = {
  policy: 'standard',
  ...defaultBackoff,
  expireInSeconds: 5 * minute,
  ...keep({ waiting: hour, finished: 7 * day }),
  notify: false,
} satisfies Partial<QueueSettings>;

/** Its worker, woken by the commit that enqueued it, so the notification goes out at once. */
export const pushNotificationWork = { pollingIntervalSeconds: 2, concurrency: 2, wakeOnChange: true };
