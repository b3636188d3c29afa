// Signing in: sessions and sign-in tokens.
import { defineJob, type JobDefinition } from './definition.ts';
import { defaultBackoff, defaultKeep, minute, onSchedule, triggerOnly } from './presets.ts';

export const sessionJobs = {
  'session.cleanup': defineJob({
    description:
      'Deletes sessions past their inactivity or absolute expiry and expired sign-in tokens, and forgets where anonymous fans older than the limit window came from',
    payload: triggerOnly,
    queue: {
      // One run queued and one running is plenty; a manual run while one waits is a no-op.
      policy: 'stately',
      ...defaultBackoff,
      expireInSeconds: 5 * minute,
      ...defaultKeep,
      notify: false,
    },
    work: { pollingIntervalSeconds: 2, concurrency: 1 },
    schedule: onSchedule('*/15 * * * *'),
  }),
} satisfies Record<string, JobDefinition>;
