// One update a twin's Telegram bot received (docs/telegram.md). The domain does the app's part
// (the fan, the send path, commands); this job then writes the AI reply itself, the way chat.reply
// does (runChatReply: the same use case, memory and all), with "typing…" shown meanwhile, sends
// every message with the Bot API and marks the update processed. Jobs of one Telegram chat run one
// at a time in delivery order (the queue is keyed by chat), so replies arrive in order too.
import { finishTelegramTurn, prepareTelegramTurn, telegramReplyTexts } from '@doppel/domain/telegram';
import { runChatReply } from './chat-reply.ts';
import type { JobHandler, JobOutput } from './types.ts';

export const runTelegramUpdate: JobHandler<'telegram.update'> = async (payload, context): Promise<JobOutput> => {
  const { db, services, log, job } = context;
  const telegram = services.telegram;
  if (!telegram) throw new Error('This worker was started without Telegram services');
  const turn = await prepareTelegramTurn(
    { db, crisisCheck: telegram.crisisCheck, freeCredits: telegram.freeCredits, publicUrl: telegram.publicUrl },
    payload.updateId,
  );
  if (turn.kind === 'skip') return { status: 'skipped', reason: turn.reason } satisfies JobOutput;

  const messages = [...turn.messages];
  let outcome = turn.outcome;
  if (turn.reply) {
    // Best effort: a failed typing indicator must not keep the fan from the answer.
    await telegram.port.sendTyping(turn.token, turn.chatId).catch((error: unknown) => {
      log.warn('telegram: sendChatAction failed', { err: error, updateId: payload.updateId });
    });
    await runChatReply(turn.reply, context);
    const texts = await telegramReplyTexts(db, turn.reply);
    // Held for the creator's approval (or stood down): nothing to send from here.
    if (texts.length === 0) outcome = 'reply-held';
    messages.push(...texts.map((text) => ({ text })));
  }
  for (const message of messages) {
    await telegram.port.sendMessage(turn.token, turn.chatId, message.text, message.button ? { button: message.button } : {});
  }
  await finishTelegramTurn(db, payload.updateId, outcome);
  log.info('telegram update handled', { jobId: job.id, updateId: payload.updateId, outcome, sent: messages.length });
  return { status: outcome, sent: messages.length } satisfies JobOutput;
};
