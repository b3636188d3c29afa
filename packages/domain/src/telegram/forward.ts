// A held reply approved (or edited) by the creator, forwarded to the Telegram chat its fan message
// came from (docs/telegram.md, "Replies held for approval"). The fan message's idempotency key
// (`telegram:{botId}:{update_id}`) says it came through the twin's bot and which update, so the
// reply goes back to that chat; a reply to a message sent in the app is not forwarded. The
// `telegram.forward` job is enqueued in the approval's transaction and sends once (delivery.ts).
// A reach-out (docs/reach-out.md) goes the same way to a fan who chats with the twin's bot: the
// Telegram user their account is, in the private chat the bot has written to before.
import { chatMessages, chats, type Executor, type Transaction, telegramBots, telegramFans, telegramUpdates } from '@doppel/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { telegramMessagesOf } from './conversation.ts';
import type { TelegramOutgoing, TelegramTarget } from './delivery.ts';
import { openTelegramToken, type TelegramTokenKeys } from './token-crypto.ts';

export type TelegramForwardJob = { messageId: string; chatKey: string };

/** Where a twin's reply goes in Telegram: the chat and bot its fan message came through, if still linked. */
async function forwardTargetOf(db: Executor, replyMessageId: string) {
  const [reply] = await db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      text: chatMessages.text,
      attachments: chatMessages.attachments,
      senderType: chatMessages.senderType,
      replyTo: chatMessages.replyToMessageId,
      reachOutId: chatMessages.reachOutId,
    })
    .from(chatMessages)
    .where(eq(chatMessages.id, replyMessageId));
  if (reply?.senderType !== 'TALENT') return null;
  if (reply.reachOutId) {
    const [target] = await reachOutTargets(db, [reply.id]);
    return target ? { reply, update: target, token: target.token } : null;
  }
  if (!reply.replyTo) return null;
  const [fanMessage] = await db
    .select({ key: chatMessages.idempotencyKey })
    .from(chatMessages)
    .where(eq(chatMessages.id, reply.replyTo));
  const match = /^telegram:(\d+):(\d+)$/.exec(fanMessage?.key ?? '');
  if (!match) return null;
  const [update] = await db
    .select({ talentId: telegramUpdates.talentId, botId: telegramUpdates.botId, chatId: telegramUpdates.telegramChatId })
    .from(telegramUpdates)
    .where(and(eq(telegramUpdates.botId, Number(match[1])), eq(telegramUpdates.updateId, Number(match[2]))));
  if (!update || update.chatId === null) return null;
  const [bot] = await db
    .select({ token: telegramBots.token })
    .from(telegramBots)
    .where(and(eq(telegramBots.talentId, update.talentId), eq(telegramBots.botId, update.botId)));
  return { reply, update: { ...update, chatId: update.chatId }, token: bot?.token ?? null };
}

/**
 * Where each reach-out message goes in Telegram: its fan's Telegram user (telegram_fans), in the
 * private chat of the twin's linked bot, when that bot has written there before (telegram_sends'
 * unique index leads with the bot and chat). One query for a whole batch of reach-outs.
 */
async function reachOutTargets(db: Executor, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: chatMessages.id,
      talentId: telegramBots.talentId,
      botId: telegramBots.botId,
      chatId: telegramFans.telegramUserId,
      token: telegramBots.token,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(telegramBots, eq(telegramBots.talentId, chats.talentId))
    .innerJoin(telegramFans, eq(telegramFans.userId, chats.userId))
    .where(
      and(
        inArray(chatMessages.id, [...messageIds]),
        sql`exists (select 1 from telegram_sends s where s.bot_id = ${telegramBots.botId} and s.telegram_chat_id = ${telegramFans.telegramUserId})`,
      ),
    );
}

/**
 * In the transaction that sent a batch of reach-outs: a forwarding job for each one whose fan chats
 * with the twin's bot, so it reaches them in Telegram too, once.
 */
export async function queueReachOutForwards(
  tx: Transaction,
  messageIds: readonly string[],
  enqueue: (tx: Transaction, job: TelegramForwardJob) => Promise<void>,
): Promise<number> {
  const targets = await reachOutTargets(tx, messageIds);
  for (const target of targets) await enqueue(tx, { messageId: target.messageId, chatKey: `${target.botId}:${target.chatId}` });
  return targets.length;
}

/**
 * Called in the transaction that sent a held reply: enqueues its forwarding when the fan message
 * came from Telegram (one job per reply: the job's key is the message id).
 */
export async function queueTelegramForward(
  tx: Transaction,
  replyMessageId: string | null,
  enqueue: (tx: Transaction, job: TelegramForwardJob) => Promise<void>,
): Promise<void> {
  if (!replyMessageId) return;
  const found = await forwardTargetOf(tx, replyMessageId);
  if (!found?.token) return;
  await enqueue(tx, { messageId: replyMessageId, chatKey: `${found.update.botId}:${found.update.chatId}` });
}

/** The `telegram.forward` job's part: the reply's messages and where they go; null when the bot is gone. */
export async function prepareTelegramForward(
  db: Executor,
  replyMessageId: string,
  tokenKey: TelegramTokenKeys,
): Promise<{ target: TelegramTarget; messages: TelegramOutgoing[] } | null> {
  const found = await forwardTargetOf(db, replyMessageId);
  if (!found?.token) return null;
  const target: TelegramTarget = {
    talentId: found.update.talentId,
    botId: found.update.botId,
    token: openTelegramToken(tokenKey, found.token),
    chatId: found.update.chatId,
  };
  return { target, messages: await telegramMessagesOf(db, found.reply) };
}
