// The twin reaching out to fans on events (docs/reach-out.md).
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { onSchedule, pushNotificationQueue, pushNotificationWork, sweepQueue, triggerOnly } from './presets.ts';

export const reachOutJobs = {
  'chat.reach-out': defineJob({
    description:
      "Finds every enabled reach-out trigger's due fans (check-in, thank-you, subscription ending or lapsed) and writes each allowed one a message, exactly once per fan and occasion",
    payload: triggerOnly,
    queue: {
      // One run queued and one running; each occasion is sent once under its chat's lock and unique key anyway.
      ...sweepQueue,
      // A worker killed mid-run is noticed in seconds and the run retried (what it sent stays sent),
      // instead of holding the one running slot until the run expires.
      heartbeatSeconds: 10,
    },
    // An operator's `ops run chat.reach-out` starts at once (its enqueue wakes the worker).
    work: { pollingIntervalSeconds: 10, concurrency: 1, wakeOnChange: true },
    // Every 15 minutes: a fan leaving quiet hours or a cap hears within a quarter of an hour.
    schedule: onSchedule('*/15 * * * *'),
  }),
  'chat.reach-out-push': defineJob({
    description:
      "Tells the fan's subscribed browsers of a reach-out the creator approved (or the hold limit sent), dropping subscriptions their push service says are gone",
    payload: z.strictObject({
      /** The reach-out's message, enqueued in the transaction that sent it. */
      messageId: z.string().min(1),
    }),
    queue: pushNotificationQueue,
    // The fan hears of it when it is sent, as of one sent at once.
    work: pushNotificationWork,
  }),
} satisfies Record<string, JobDefinition>;
