// The twin reaching out (docs/reach-out.md): every enabled trigger's due fans, each written to
// once per occasion; a run retried or doubled finds the occasions already sent.
import { evaluateReachOuts } from '@doppel/domain/reach-out';
import { pushSending } from './push-sending.ts';
import type { JobHandler } from './types.ts';

export const runChatReachOut: JobHandler<'chat.reach-out'> = async (payload, context) => {
  const { db, log } = context;
  // Web Push for fans who allowed it; a worker started without it still writes the messages.
  const push = context.services.webPush ? await pushSending(context, 'chat.reach-out') : undefined;
  const result = await evaluateReachOuts(db, push ? { push } : {});
  const blocked = Object.values(result.blocked).reduce((sum, n) => sum + n, 0);
  log.info('reach-outs evaluated', { trigger: payload.trigger, due: result.due, sent: result.sent, blocked });
  return { due: result.due, sent: result.sent, already: result.already, blocked, pushed: result.pushed };
};
