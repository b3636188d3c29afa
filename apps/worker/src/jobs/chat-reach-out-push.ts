// A reach-out held for the creator's approval and then sent (docs/reach-out.md): the fan's browsers
// with notifications on hear of it, as they do of one sent at once.
import { pushSentReachOut } from '@doppel/domain/reach-out';
import { pushSending } from './push-sending.ts';
import type { JobHandler, JobOutput } from './types.ts';

export const runChatReachOutPush: JobHandler<'chat.reach-out-push'> = async (payload, context) => {
  const push = await pushSending(context, 'chat.reach-out-push');
  const pushed = await pushSentReachOut(context.db, push, payload);
  const output: JobOutput = { ...payload, pushed };
  return output;
};
