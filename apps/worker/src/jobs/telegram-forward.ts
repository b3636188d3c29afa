// A held reply the creator approved (or edited), sent to the Telegram chat its fan message came
// from (docs/telegram.md). Enqueued in the approval's transaction; each part is sent once
// (telegram_sends), so a retry or a second run sends nothing twice.
import { deliverTelegramMessages, prepareTelegramForward } from '@doppel/domain/telegram';
import type { JobHandler, JobOutput } from './types.ts';

export const runTelegramForward: JobHandler<'telegram.forward'> = async (payload, context): Promise<JobOutput> => {
  const { db, services, log } = context;
  const telegram = services.telegram;
  if (!telegram) throw new Error('This worker was started without Telegram services');
  const forward = await prepareTelegramForward(db, payload.messageId, telegram.tokenKey);
  // The bot was unlinked since, or the message is gone: nothing to say with it.
  if (!forward) return { status: 'skipped' } satisfies JobOutput;
  const sent = await deliverTelegramMessages(
    { db, telegram: telegram.port, storage: services.storage, pacer: telegram.pacer },
    forward.target,
    forward.messages,
  );
  log.info('telegram reply forwarded', { messageId: payload.messageId, sent });
  return { status: 'forwarded', sent } satisfies JobOutput;
};
