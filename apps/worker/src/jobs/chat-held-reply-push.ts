// Tells the twin's managers that a reply waits for their approval (docs/creator-dashboard.md,
// "Approval mode"): a push notification to each browser they turned notifications on in, signed
// with the VAPID keys (made here on first use), dropping subscriptions the push service calls gone.
// A draft decided before the job runs sends nothing.
import { ensureWebPushKeys, pushHeldReply } from '@doppel/domain';
import type { JobHandler, JobOutput } from './types.ts';

export const runChatHeldReplyPush: JobHandler<'chat.held-reply-push'> = async (payload, { db, log, services }) => {
  const webPush = services.webPush;
  if (!webPush) throw new Error('chat.held-reply-push needs web push, and this worker was started without it');
  const keys = await ensureWebPushKeys(db, webPush.port);
  const result = await pushHeldReply(db, webPush.port, payload, {
    vapid: { ...keys, subject: webPush.subject },
    ratePerSecond: webPush.ratePerSecond,
  });
  if (result.outcome === 'pushed' && result.failed > 0) {
    log.warn('push notifications failed', { ...payload, failed: result.failed, firstFailure: result.firstFailure });
  }
  const output: JobOutput = { ...payload, ...result };
  return output;
};
