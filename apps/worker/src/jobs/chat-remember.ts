// Learns what a fan told the twin in one exchange and keeps it as their memory with that twin.
// The use case (packages/domain/src/chat/memory) stores the notes of one fan message once, so a
// retry or a second delivery adds nothing.
import { rememberFanMessage } from '@doppel/domain/chat';
import type { JobHandler, JobOutput } from './types.ts';

export const runChatRemember: JobHandler<'chat.remember'> = async (payload, { db, services }) => {
  const result = await rememberFanMessage(
    { db, llm: services.llm, modelOverride: services.llmModelOverride },
    { chatId: payload.chatId, messageId: payload.messageId },
  );
  const output: JobOutput = { status: result.status };
  if (result.status === 'stored') output.stored = result.stored;
  if (result.status === 'skipped') output.reason = result.reason;
  return output;
};
