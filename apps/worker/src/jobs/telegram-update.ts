// One update a twin's Telegram bot received (docs/telegram.md). The domain does the app's part
// (the fan, the send path, commands, unlocking an attachment from its button); this job then
// writes the AI reply itself, the way chat.reply does (runChatReply: the same use case, memory and
// all), with "typing…" shown meanwhile, sends every message with the Bot API (each once:
// telegram_sends) and marks the update processed. Jobs of one Telegram chat run one at a time in
// delivery order (the queue is keyed by chat), so replies arrive in order too.
import { deliverTelegramMessages, finishTelegramTurn, prepareTelegramTurn, telegramReplyMessages } from '@doppel/domain/telegram';
import { runChatReply } from './chat-reply.ts';
import type { JobHandler, JobOutput } from './types.ts';

export const runTelegramUpdate: JobHandler<'telegram.update'> = async (payload, context): Promise<JobOutput> => {
  const { db, services, log, job } = context;
  const telegram = services.telegram;
  if (!telegram) throw new Error('This worker was started without Telegram services');
  const turn = await prepareTelegramTurn(
    {
      db,
      crisisCheck: telegram.crisisCheck,
      freeCredits: telegram.freeCredits,
      publicUrl: telegram.publicUrl,
      tokenKey: telegram.tokenKey,
      ...(telegram.speechToText ? { speech: { speechToText: telegram.speechToText, telegram: telegram.port } } : {}),
    },
    payload.updateId,
  );
  if (turn.kind === 'skip') return { status: 'skipped', reason: turn.reason } satisfies JobOutput;
  const { target } = turn;
  // The fan was answered, but something on our side failed (a voice note that could not be heard).
  if (turn.problem) log.warn('telegram: voice note not heard', { updateId: payload.updateId, problem: turn.problem });

  if (turn.callback) {
    // Ends the button's spinner; best effort (a press answered late is only cosmetic).
    await telegram.port.answerCallback(target.token, turn.callback.id, turn.callback.text).catch((error: unknown) => {
      log.warn('telegram: answerCallbackQuery failed', { err: error, updateId: payload.updateId });
    });
  }
  const messages = [...turn.messages];
  let outcome = turn.outcome;
  if (turn.reply) {
    // Best effort: a failed typing indicator must not keep the fan from the answer.
    await telegram.port.sendTyping(target.token, target.chatId).catch((error: unknown) => {
      log.warn('telegram: sendChatAction failed', { err: error, updateId: payload.updateId });
    });
    await runChatReply(turn.reply, context);
    const reply = await telegramReplyMessages(db, turn.reply);
    // Held for the creator's approval (telegram.forward sends it once approved) or stood down.
    if (reply.length === 0) outcome = 'reply-held';
    messages.push(...reply);
  }
  const sent = await deliverTelegramMessages(
    { db, telegram: telegram.port, storage: services.storage, pacer: telegram.pacer },
    target,
    messages,
  );
  await finishTelegramTurn(db, payload.updateId, outcome);
  log.info('telegram update handled', { jobId: job.id, updateId: payload.updateId, outcome, sent });
  return { status: outcome, sent } satisfies JobOutput;
};
