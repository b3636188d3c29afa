// Updates Telegram delivers to a twin's webhook (docs/telegram.md): the secret token checked
// (timing-safe) before anything is read; each update stored once by (bot, update_id), so a
// redelivery is answered 200 and processed no second time; its job committed with it.
import { timingSafeEqual } from 'node:crypto';
import { type Transaction, telegramBots, telegramUpdates } from '@doppel/db';
import { eq } from 'drizzle-orm';

export type TelegramUpdateJob = { updateId: string; chatKey: string };

export type ReceiveOutcome = { outcome: 'refused' } | { outcome: 'stored'; updateId: string } | { outcome: 'duplicate' };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The chat an update belongs to (messages, edits, button presses); null for the kinds without one. */
export function telegramChatIdOf(update: Record<string, unknown>): number | null {
  for (const key of ['message', 'edited_message', 'callback_query', 'my_chat_member']) {
    const part = update[key] as { chat?: { id?: unknown }; message?: { chat?: { id?: unknown } } } | undefined;
    const id = part?.chat?.id ?? part?.message?.chat?.id;
    if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  }
  return null;
}

/**
 * Stores one delivery for the twin's bot and enqueues its job in the same transaction. Refused
 * (nothing written) when no bot is linked or the secret token is missing or wrong.
 */
export async function receiveTelegramUpdate(
  tx: Transaction,
  input: { talentId: string; secretToken: string | undefined; update: Record<string, unknown> & { update_id: number } },
  deps: { enqueue: (tx: Transaction, job: TelegramUpdateJob) => Promise<void> },
): Promise<ReceiveOutcome> {
  const [bot] = await tx
    .select({ botId: telegramBots.botId, secret: telegramBots.webhookSecret })
    .from(telegramBots)
    .where(eq(telegramBots.talentId, input.talentId));
  if (!bot || input.secretToken === undefined || !sameSecret(input.secretToken, bot.secret)) return { outcome: 'refused' };
  const chatId = telegramChatIdOf(input.update);
  const [stored] = await tx
    .insert(telegramUpdates)
    .values({
      talentId: input.talentId,
      botId: bot.botId,
      updateId: input.update.update_id,
      telegramChatId: chatId,
      payload: input.update,
    })
    .onConflictDoNothing({ target: [telegramUpdates.botId, telegramUpdates.updateId] })
    .returning({ id: telegramUpdates.id });
  if (!stored) return { outcome: 'duplicate' };
  // Updates without a chat run one at a time per bot.
  await deps.enqueue(tx, { updateId: stored.id, chatKey: `${bot.botId}:${chatId ?? 'bot'}` });
  return { outcome: 'stored', updateId: stored.id };
}
