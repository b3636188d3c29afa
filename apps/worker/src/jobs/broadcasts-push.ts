// Sends one sent chunk's push notifications (docs/broadcasts.md, "Push notifications"): at the
// worker's bounded rate, signed with the VAPID keys (made here on first use when the API has not
// made them yet), dropping subscriptions the push service calls gone. A chunk already pushed is
// left alone, so the sweep's re-sends and retries cost a lookup.
import { ensureWebPushKeys, pushBroadcastChunk } from '@doppel/domain';
import type { JobHandler, JobOutput } from './types.ts';

export const runBroadcastsPush: JobHandler<'broadcasts.push'> = async (payload, { db, log, services }) => {
  const webPush = services.webPush;
  if (!webPush) throw new Error('broadcasts.push needs web push, and this worker was started without it');
  const keys = await ensureWebPushKeys(db, webPush.port);
  const result = await pushBroadcastChunk(db, webPush.port, payload, {
    vapid: { ...keys, subject: webPush.subject },
    ratePerSecond: webPush.ratePerSecond,
  });
  if (result.outcome === 'pushed' && result.failed > 0) {
    log.warn('push notifications failed', { ...payload, failed: result.failed, firstFailure: result.firstFailure });
  }
  const output: JobOutput = { ...payload, ...result };
  return output;
};
