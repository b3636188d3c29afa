// Creators' broadcasts to their fans: prepare, send in chunks, push.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, day, defaultBackoff, defaultKeep, jobTrigger, keep, minute, onSchedule } from './presets.ts';

export const broadcastJobs = {
  'broadcasts.prepare': defineJob({
    description:
      "Fixes a due broadcast's audience into its recipients, cut into send chunks, and enqueues a send job per chunk (one transaction); without an id, sweeps due, stalled and unfinished broadcasts",
    payload: z.strictObject({
      /** One broadcast (sent at its scheduledAt); absent = the minute sweep. */
      broadcastId: z.string().min(1).optional(),
      trigger: jobTrigger,
    }),
    queue: {
      // One queued and one active job per broadcast (singletonKey = broadcast id); a sweep is idempotent.
      policy: 'stately',
      ...backoff({ retries: 5, firstDelay: 10, maxDelay: 5 * minute }),
      // Preparing is one set-based statement: seconds even for a large audience.
      expireInSeconds: 5 * minute,
      ...keep({ waiting: 7 * day, finished: 7 * day }),
      heartbeatSeconds: 10,
      notify: false,
    },
    // Scheduled jobs wait for their startAfter; "run now" from the ops CLI wakes the worker.
    work: { pollingIntervalSeconds: 2, concurrency: 1, wakeOnChange: true },
    schedule: onSchedule('* * * * *'),
  }),
  'broadcasts.send': defineJob({
    description:
      "Delivers one chunk of a broadcast: its messages into each recipient's chat (one per chat and broadcast), the sent count, one live event; the last chunk completes the broadcast",
    payload: z.strictObject({ broadcastId: z.string().min(1), chunk: z.number().int().nonnegative() }),
    queue: {
      // One queued and one active job per chunk (singletonKey = `{broadcastId}:{chunk}`), so a sweep
      // that re-sends a chunk still waiting adds nothing; the unique (broadcast, chat) key does the rest.
      policy: 'stately',
      ...backoff({ retries: 10, firstDelay: 5, maxDelay: 5 * minute }),
      // A chunk is one insert and two updates; one still active after this is lost.
      expireInSeconds: 2 * minute,
      ...keep({ waiting: 7 * day, finished: 7 * day }),
      heartbeatSeconds: 10,
      notify: false,
    },
    // Chunks queue up by the hundred: two at a time, fetched again at once while more wait.
    work: { pollingIntervalSeconds: 1, concurrency: 1, batchSize: 2, wakeOnChange: true },
  }),
  'broadcasts.push': defineJob({
    description:
      "Sends a sent chunk's push notifications to its fans' subscribed browsers at a bounded rate, dropping subscriptions their push service says are gone",
    payload: z.strictObject({ broadcastId: z.string().min(1), chunk: z.number().int().nonnegative() }),
    queue: {
      policy: 'stately',
      ...defaultBackoff,
      // A chunk's notifications at the bounded rate take well under this.
      expireInSeconds: 10 * minute,
      ...defaultKeep,
      heartbeatSeconds: 10,
      notify: false,
    },
    work: { pollingIntervalSeconds: 2, concurrency: 1, wakeOnChange: true },
  }),
} satisfies Record<string, JobDefinition>;
