// The twin's quality checks (docs/quality.md): scoring a twin's check set, with its current setup
// or with a model version before it may become the default.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, defaultKeep, minute } from './presets.ts';

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
} satisfies Record<string, JobDefinition>;
