// The twin's AI reply to one fan message. All the work, and the guarantee that a message is
// answered at most once, is in the domain use case; this maps the job's attempt onto it.
import { publishReplyDraft } from '@doppel/db';
import { answerFanMessage } from '@doppel/domain/chat/reply';
import { jobCatalog } from '@doppel/jobs';
import type { JobHandler, JobOutput } from './types.ts';

export const runChatReply: JobHandler<'chat.reply'> = async (payload, { db, log, job, services, followUp, drafts }) => {
  // pg-boss counts retries from 0; on the last allowed attempt a failure posts the fallback message
  // instead of throwing, so the fan is never left waiting on a job in the dead-letter queue.
  const retryLimit = jobCatalog['chat.reply'].queue.retryLimit;
  const result = await answerFanMessage(
    {
      db,
      llm: services.llm,
      llmFor: services.llmRouter?.llmFor,
      tts: services.tts,
      storage: services.storage,
      modelOverride: services.llmModelOverride,
      questionVectors: services.questionVectors,
      passageVectors: services.passageVectors,
      twinMaterial: services.twinMaterial,
      log: (message, fields) => log.warn(message, { job: job.name, jobId: job.id, ...fields }),
      // What the fan said is learnt after the reply, by a job committed with it (the reply's live
      // events ride in the job's outbox insert).
      enqueueRemember: followUp
        ? (tx, remember, changes) => followUp('chat.remember', remember, changes ? { tx, changes } : { tx })
        : undefined,
      // A reply held for approval notifies the creator's devices, by a job committed with the draft.
      enqueueHeldReplyPush:
        followUp && services.webPush ? (tx, held) => followUp('chat.held-reply-push', held, { tx }) : undefined,
      // The text so far reaches the fan's screen while the model writes (a NOTIFY, never a table row),
      // batched with the worker's other replies' drafts.
      publishDraft: drafts ? drafts.publish : (draft) => publishReplyDraft(db, draft),
    },
    {
      chatId: payload.chatId,
      messageId: payload.messageId,
      moderation: payload.moderation,
      isFinalAttempt: job.retryCount >= retryLimit,
    },
  );
  const output: JobOutput = { status: result.status };
  if ('replyMessageId' in result) output.replyMessageId = result.replyMessageId;
  if (result.status === 'answered') Object.assign(output, { engine: result.engine, attachment: result.attachment });
  if (result.status === 'fallback') output.error = result.error;
  if (result.status === 'skipped') output.reason = result.reason;
  return output;
};
