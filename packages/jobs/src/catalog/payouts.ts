// Creators' payouts and the ledger behind them.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, defaultKeep, jobTrigger, minute, onSchedule, triggerOnly } from './presets.ts';

export const payoutJobs = {
  'payouts.paypal-poll': defineJob({
    description:
      'Asks PayPal about sent PayPal payouts (one, or every one still pending) and marks each EXECUTED or FAILED once PayPal settles it',
    payload: z.strictObject({
      /** One payout (right after it was sent); absent = every sent payout still pending. */
      payoutId: z.string().min(1).optional(),
      trigger: jobTrigger,
    }),
    queue: {
      policy: 'standard',
      ...backoff({ retries: 3, firstDelay: 60, maxDelay: 30 * minute }),
      expireInSeconds: 5 * minute,
      ...defaultKeep,
      notify: false,
    },
    work: { pollingIntervalSeconds: 5, concurrency: 1 },
    schedule: onSchedule('*/10 * * * *'),
  }),
  'payouts.settle': defineJob({
    description:
      "Checks every talent's ledger against its earning frames and held payouts, and resets total_payout_amount from the ledger where it drifted",
    payload: triggerOnly,
    queue: {
      policy: 'stately',
      ...backoff({ retries: 2, firstDelay: 60 }),
      expireInSeconds: 30 * minute,
      ...defaultKeep,
      notify: false,
    },
    work: { pollingIntervalSeconds: 10, concurrency: 1 },
    schedule: onSchedule('17 * * * *'),
  }),
} satisfies Record<string, JobDefinition>;
