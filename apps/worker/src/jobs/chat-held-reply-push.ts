// Tells the twin's managers that a reply waits for their approval (docs/creator-dashboard.md,
// "Approval mode"): a push notification to each browser they turned notifications on in, dropping
// subscriptions the push service calls gone. A draft decided before the job runs sends nothing.
import { pushHeldReply } from '@doppel/domain/push';
import { pushSending, warnOfPushFailures } from './push-sending.ts';
import type { JobHandler, JobOutput } from './types.ts';

export const runChatHeldReplyPush: JobHandler<'chat.held-reply-push'> = async (payload, context) => {
  const { port, options } = await pushSending(context, 'chat.held-reply-push');
  const result = await pushHeldReply(context.db, port, payload, options);
  warnOfPushFailures(context.log, payload, result);
  const output: JobOutput = { ...payload, ...result };
  return output;
};
