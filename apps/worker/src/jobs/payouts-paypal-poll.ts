// Asks PayPal about sent PayPal payouts and settles them (docs/payouts.md): one payout right after
// an admin sent it, or on the schedule every sent payout still pending. Idempotent: a payout PayPal
// has settled is marked once (setPayoutStatus does nothing when the status is already set), and a
// retried run only asks again.
import { payPalPayoutsInFlight, pollPayPalPayout } from '@doppel/domain/payouts';
import type { JobHandler } from './types.ts';

export const runPayPalPoll: JobHandler<'payouts.paypal-poll'> = async (payload, { db, log, services }) => {
  const payPal = services.payPal;
  if (!payPal) {
    log.info('PayPal payouts are not configured; nothing to poll');
    return { polled: 0, executed: 0, failed: 0, configured: false };
  }
  const payoutIds = payload.payoutId ? [payload.payoutId] : await payPalPayoutsInFlight(db);
  let executed = 0;
  let failed = 0;
  for (const payoutId of payoutIds) {
    const result = await pollPayPalPayout(db, payPal, payoutId);
    if (result.outcome === 'EXECUTED') executed++;
    if (result.outcome === 'FAILED') failed++;
    log.info('PayPal payout polled', { ...result });
  }
  return { polled: payoutIds.length, executed, failed, configured: true };
};
