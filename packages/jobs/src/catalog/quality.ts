// The twin's quality checks (docs/quality.md): scoring a twin's check set, with its current setup
// or with a model version before it may become the default.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, day, defaultKeep, hour, keep, minute, onSchedule, triggerOnly } from './presets.ts';

export const qualityJobs = {
  'quality.run': defineJob({
    description:
      "Scores one quality run: answers each case of the twin's check set (FAQ, knowledge, corrections, boundaries, honesty) and stores each answer's score and reason, then the run's scores per category and overall",
    payload: z.strictObject({ runId: z.string().min(1) }),
    queue: {
      // One queued and one active job per run (singletonKey = run id, enqueueQualityRun); a retry
      // resumes, skipping the cases whose results are stored.
      policy: 'stately',
      ...backoff({ retries: 3, firstDelay: 30, maxDelay: 10 * minute }),
      // A run of a few hundred cases against a remote model takes minutes.
      expireInSeconds: 30 * minute,
      heartbeatSeconds: 15,
      ...defaultKeep,
      notify: false,
    },
    // An admin may be waiting on "Run now" or a new version's check: the send wakes the worker.
    work: { pollingIntervalSeconds: 5, concurrency: 2, wakeOnChange: true },
  }),
  'quality.changed': defineJob({
    description:
      'Queues a quality run for each live twin whose setup (persona, settings, prompt templates, FAQ, knowledge, corrections) changed after its last run and has rested ten minutes',
    payload: triggerOnly,
    queue: {
      // One sweep queued and one running: a sweep only reads and queues runs, the next is ten minutes away.
      policy: 'stately',
      ...backoff({ retries: 2, firstDelay: 30, maxDelay: 5 * minute }),
      expireInSeconds: 5 * minute,
      ...keep({ waiting: hour, finished: day }),
      notify: false,
    },
    work: { pollingIntervalSeconds: 10, concurrency: 1 },
    schedule: onSchedule('*/10 * * * *'),
  }),
  'quality.nightly': defineJob({
    description: 'Queues one quality run for every live twin (at most 200 a night, those checked longest ago first)',
    payload: triggerOnly,
    queue: {
      policy: 'stately',
      ...backoff({ retries: 3, firstDelay: 60, maxDelay: 15 * minute }),
      expireInSeconds: 10 * minute,
      ...keep({ waiting: 6 * hour, finished: 7 * day }),
      notify: false,
    },
    work: { pollingIntervalSeconds: 10, concurrency: 1 },
    // A quiet hour in Europe and the Americas: the runs share the model with fans least then.
    schedule: onSchedule('23 3 * * *'),
  }),
} satisfies Record<string, JobDefinition>;
