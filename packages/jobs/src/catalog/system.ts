// The queue itself.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { day, hour, keep, noRetries } from './presets.ts';

export const systemJobs = {
  'system.ping': defineJob({
    description: 'Round trip through the queue; proves a worker is up and measures its wake-up latency',
    payload: z.strictObject({ sentAt: z.iso.datetime().optional() }),
    queue: {
      policy: 'standard',
      ...noRetries,
      expireInSeconds: 30,
      ...keep({ waiting: hour, finished: day }),
      notify: true,
    },
    work: { pollingIntervalSeconds: 0.5, concurrency: 1 },
  }),
} satisfies Record<string, JobDefinition>;
