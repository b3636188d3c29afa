// The twin reaching out (docs/reach-out.md): every enabled trigger's due fans, each written to
// once per occasion; a run retried or doubled finds the occasions already sent.
import { evaluateReachOuts, type ReachOutsSent, type ReachOutWriter } from '@doppel/domain/reach-out';
import { queueReachOutForwards } from '@doppel/domain/telegram';
import { pushSending } from './push-sending.ts';
import type { JobHandler } from './types.ts';

export const runChatReachOut: JobHandler<'chat.reach-out'> = async (payload, context) => {
  const { db, log } = context;
  // Web Push for fans who allowed it; a worker started without it still writes the messages.
  const push = context.services.webPush ? await pushSending(context, 'chat.reach-out') : undefined;
  // The twin's model writes each message, as it writes replies; the offline engine's templates otherwise.
  const { services, job } = context;
  const writer: ReachOutWriter = {
    llm: services.llm,
    llmFor: services.llmRouter?.llmFor,
    modelOverride: services.llmModelOverride,
    log: (message, fields) => log.warn(message, { job: job.name, jobId: job.id, ...fields }),
  };
  // A fan who chats with the twin's Telegram bot gets it there too, by a job committed with the message.
  const { followUp } = context;
  const onSent: ReachOutsSent | undefined = followUp
    ? (tx, messageIds) =>
        queueReachOutForwards(tx, messageIds, (jobTx, forward) => followUp('telegram.forward', forward, { tx: jobTx }))
    : undefined;
  const result = await evaluateReachOuts(db, { writer, ...(push ? { push } : {}), ...(onSent ? { onSent } : {}) });
  const reasons = Object.entries(result.blocked);
  const blocked = reasons.reduce((sum, [, n]) => sum + n, 0);
  // Why the others waited, for whoever runs the job by hand: "OPTED_OUT 1, QUIET_HOURS 3".
  const blockedBy = reasons.map(([reason, n]) => `${reason} ${n}`).join(', ');
  const { due, sent, held, already, pushed } = result;
  log.info('reach-outs evaluated', { trigger: payload.trigger, due, sent, held, blocked, blockedBy });
  return { due, sent, held, already, blocked, blockedBy, pushed };
};
