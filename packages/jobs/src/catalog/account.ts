// A person's own account: "Download my data".
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, defaultBackoff, defaultKeep, minute, onSchedule, triggerOnly } from './presets.ts';

export const accountJobs = {
  'account.export': defineJob({
    description: 'Writes a person\'s "Download my data" ZIP to file storage and emails them the link (docs/safety.md)',
    payload: z.strictObject({ exportId: z.string().min(1) }),
    queue: {
      // One job per request; the handler skips a request that is no longer REQUESTED.
      policy: 'standard',
      ...defaultBackoff,
      // Reading a busy creator's files and zipping them fits well inside ten minutes.
      expireInSeconds: 10 * minute,
      ...defaultKeep,
      // A person waits for the email, but minutes are fine: no per-send NOTIFY.
      notify: false,
    },
    work: { pollingIntervalSeconds: 5, concurrency: 1 },
  }),
  'account.exports-expire': defineJob({
    description: 'Deletes the files of "Download my data" ZIPs past their expiry (the requests stay, shown as expired)',
    payload: triggerOnly,
    queue: {
      policy: 'stately',
      ...backoff({ retries: 3, firstDelay: 60, maxDelay: 30 * minute }),
      expireInSeconds: 10 * minute,
      ...defaultKeep,
      notify: false,
    },
    work: { pollingIntervalSeconds: 10, concurrency: 1 },
    schedule: onSchedule('17 * * * *'),
  }),
} satisfies Record<string, JobDefinition>;
