// Sends one sent chunk's push notifications (docs/broadcasts.md, "Push notifications"): at the
// worker's bounded rate, dropping subscriptions the push service calls gone. A chunk already
// pushed is left alone, so the sweep's re-sends and retries cost a lookup.
import { pushBroadcastChunk } from '@doppel/domain/broadcasts';
import { pushSending, warnOfPushFailures } from './push-sending.ts';
import type { JobHandler, JobOutput } from './types.ts';

export const runBroadcastsPush: JobHandler<'broadcasts.push'> = async (payload, context) => {
  const { port, options } = await pushSending(context, 'broadcasts.push');
  const result = await pushBroadcastChunk(context.db, port, payload, options);
  warnOfPushFailures(context.log, payload, result);
  const output: JobOutput = { ...payload, ...result };
  return output;
};
