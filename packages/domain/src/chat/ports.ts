import type { ChangeEvent, Transaction } from '@doppel/db';
import type { ModerationVerdict } from '../ports/llm.ts';

/**
 * The fan message the twin should answer; `moderation`, when the send's crisis check asked the
 * moderation endpoint about it, is that verdict, so the reply job does not ask again.
 */
export type ChatReplyJob = { chatId: string; messageId: string; moderation?: ModerationVerdict };

/**
 * How the send transaction asks for an AI reply. The job is written inside `tx`, so it exists
 * exactly when the fan's message (and its charge) commits; `changes` are the send's own change
 * events, recorded with the job's wake-up in one outbox row. The API backs it with pg-boss
 * (`chat.reply` of @doppel/jobs); the domain knows no queue library.
 */
export type ChatReplyQueue = {
  enqueueReply: (tx: Transaction, job: ChatReplyJob, changes: ChangeEvent[]) => Promise<void>;
};
