// Approval mode's hold limit: replies held longer than their creator allows are sent as drafted or
// dropped and refunded (talent/reply-approval/expiry.ts). Each draft is decided once under its row
// lock, so a retried or doubled run finds nothing left to decide.
import { expireHeldReplies, queueSentDraftJobs } from '@doppel/domain/talent';
import type { JobHandler } from './types.ts';

export const runChatDraftsExpire: JobHandler<'chat.drafts-expire'> = async (payload, { db, log, followUp }) => {
  // A reply to a fan who wrote in Telegram goes there too, and a reach-out to the fan's browsers, once.
  const onSent = followUp
    ? (tx: Parameters<typeof queueSentDraftJobs>[0], messageId: string) =>
        queueSentDraftJobs(tx, messageId, {
          telegramForward: async (jobTx, job) => {
            await followUp('telegram.forward', job, { tx: jobTx });
          },
          reachOutPush: async (jobTx, job) => {
            await followUp('chat.reach-out-push', job, { tx: jobTx });
          },
        })
    : undefined;
  const decided = await expireHeldReplies(db, new Date(), onSent);
  if (decided.sent + decided.dropped > 0) log.info('held replies expired', { trigger: payload.trigger, ...decided });
  return decided;
};
