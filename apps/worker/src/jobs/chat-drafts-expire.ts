// Approval mode's hold limit: replies held longer than their creator allows are sent as drafted or
// dropped and refunded (talent/reply-approval/expiry.ts). Each draft is decided once under its row
// lock, so a retried or doubled run finds nothing left to decide.
import { expireHeldReplies } from '@doppel/domain/talent';
import { queueTelegramForward } from '@doppel/domain/telegram';
import type { JobHandler } from './types.ts';

export const runChatDraftsExpire: JobHandler<'chat.drafts-expire'> = async (payload, { db, log, followUp }) => {
  // A reply sent to a fan who wrote in Telegram goes there too, once (docs/telegram.md).
  const forward = followUp
    ? (tx: Parameters<typeof queueTelegramForward>[0], messageId: string) =>
        queueTelegramForward(tx, messageId, async (jobTx, job) => {
          await followUp('telegram.forward', job, { tx: jobTx });
        })
    : undefined;
  const decided = await expireHeldReplies(db, new Date(), forward);
  if (decided.sent + decided.dropped > 0) log.info('held replies expired', { trigger: payload.trigger, ...decided });
  return decided;
};
