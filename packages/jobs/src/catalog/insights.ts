// The creator's insight screens: the daily frames Audience reads (docs/creator-dashboard.md).
import { defineJob, type JobDefinition } from './definition.ts';
import { onSchedule, sweepQueue, triggerOnly } from './presets.ts';

export const insightsJobs = {
  'insights.rollup': defineJob({
    description:
      "Rolls each closed UTC day's fan messages up into audience_fan_days and audience_first_messages (the first run backfills every stored message)",
    payload: triggerOnly,
    queue: {
      // One run queued and one running is plenty; the run locks the rollup row, so a doubled run finds nothing left.
      ...sweepQueue,
    },
    work: { pollingIntervalSeconds: 10, concurrency: 1 },
    // Hourly, so a missed run costs Audience at most an hour of reading a closed day live.
    schedule: onSchedule('17 * * * *'),
  }),
} satisfies Record<string, JobDefinition>;
