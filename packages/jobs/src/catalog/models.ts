// The language models: health checks and fine-tuning.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, day, defaultKeep, hour, jobTrigger, keep, minute, onSchedule, triggerOnly } from './presets.ts';

export const modelJobs = {
  'models.health': defineJob({
    description:
      'Pings every model in use (app, talents, fine-tuned versions, embeddings) and stores a check or cross per model for the admin status page',
    payload: triggerOnly,
    queue: {
      // One run queued and one running: "Check now" pressed while a run waits adds nothing.
      policy: 'stately',
      // A model that is down is a result, not a failure; only a database hiccup throws, and the next
      // scheduled run is five minutes away anyway.
      ...backoff({ retries: 2, firstDelay: 30, maxDelay: 2 * minute }),
      // Each ping times out after 30 s and a few run at once; a run still active after this is lost.
      expireInSeconds: 5 * minute,
      // A check nobody ran within the hour is stale: the schedule has sent a newer one.
      ...keep({ waiting: hour, finished: day }),
      notify: false,
    },
    // An admin may be waiting on "Check now": the send's change event wakes the worker at once.
    work: { pollingIntervalSeconds: 5, concurrency: 1, wakeOnChange: true },
    schedule: onSchedule('*/5 * * * *'),
  }),
  'models.fine-tune': defineJob({
    description:
      'Advances one model version through fine-tuning: uploads its examples, creates the provider job, polls it until it succeeds or fails (resumable after a crash)',
    payload: z.strictObject({
      /** One version; absent = every version still uploading or fine-tuning (the schedule's sweep). */
      versionId: z.string().min(1).optional(),
      trigger: jobTrigger,
    }),
    queue: {
      // One queued and one active job per version (singletonKey = version id).
      policy: 'stately',
      ...backoff({ retries: 5, firstDelay: 10, maxDelay: 10 * minute }),
      expireInSeconds: 10 * minute,
      // A worker killed mid-step (an upload, a poll) is noticed in seconds; the step is safe to repeat.
      heartbeatSeconds: 10,
      ...defaultKeep,
      notify: false,
    },
    // An admin watches the version move to Fine Tuning: the send's change event wakes the worker.
    work: { pollingIntervalSeconds: 5, concurrency: 2, wakeOnChange: true },
    schedule: onSchedule('*/5 * * * *'),
  }),
} satisfies Record<string, JobDefinition>;
