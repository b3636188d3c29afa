// What follows a held message once it is sent, by the creator's approval or by the hold limit:
// jobs enqueued in the same transaction, so they run once it commits and never for a rollback.
// A reply to a fan who wrote through the twin's Telegram bot is forwarded there (docs/telegram.md);
// a reach-out reaches the fan's notifying browsers, as one sent at once does (docs/reach-out.md).
import type { Transaction } from '@doppel/db';
import { queueReachOutPush, type ReachOutPushJob } from '../../reach-out/push.ts';
import { queueTelegramForward, type TelegramForwardJob } from '../../telegram/forward.ts';

export type SentDraftJobs = {
  telegramForward: (tx: Transaction, job: TelegramForwardJob) => Promise<void>;
  reachOutPush: (tx: Transaction, job: ReachOutPushJob) => Promise<void>;
};

/** Call in the transaction that sent a held message (`messageId` null: nothing was sent). */
export async function queueSentDraftJobs(tx: Transaction, messageId: string | null, jobs: SentDraftJobs): Promise<void> {
  if (!messageId) return;
  await queueTelegramForward(tx, messageId, jobs.telegramForward);
  await queueReachOutPush(tx, messageId, jobs.reachOutPush);
}
