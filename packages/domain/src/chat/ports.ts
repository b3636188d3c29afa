import type { ChangeEvent, Transaction } from '@doppel/db';

/** The fan message the twin should answer. */
export type ChatReplyJob = { chatId: string; messageId: string };

/**
 * How the send transaction asks for an AI reply. The job is written inside `tx`, so it exists
 * exactly when the fan's message (and its charge) commits; `changes` are the send's own change
 * events, recorded with the job's wake-up in one outbox row. The API backs it with pg-boss
 * (`chat.reply` of @doppel/jobs); the domain knows no queue library.
 */
export type ChatReplyQueue = {
  enqueueReply: (tx: Transaction, job: ChatReplyJob, changes: ChangeEvent[]) => Promise<void>;
};
