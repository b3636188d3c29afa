// Sending to a Telegram chat once (docs/telegram.md, "Delivery once"). Each outgoing message has a
// key saying what it is (`update:{id}:{n}`, `message:{id}:text`, `message:{id}:{attachment}`,
// `unlock:{id}:{attachment}`); a row (bot, chat, key) is written before the Bot API call and marked
// sent after it, so a retried job skips what Telegram already accepted. The window left: the worker
// dying after Telegram accepted a message and before its row is marked (Telegram has no
// idempotency key), which sends that one message again.
import { type Database, providerRateLimits, telegramSends } from '@doppel/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { noteRateLimited } from '../chat/reply/rate-limits.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import {
  type TelegramButton,
  TelegramError,
  type TelegramFile,
  type TelegramPort,
  type TelegramSentMessage,
} from '../ports/telegram.ts';
import type { TelegramPacer } from './pacing.ts';

/** A stored file of the app sent as a Telegram upload. */
export type TelegramFileRef = { kind: TelegramFile['kind']; path: string };

/** One message for the bot to send, keyed for delivery once. */
export type TelegramOutgoing =
  | { key: string; text: string; button?: TelegramButton }
  | { key: string; file: TelegramFileRef; caption?: string };

/** The chat of one twin's bot the messages go to. */
export type TelegramTarget = { talentId: string; botId: number; token: string; chatId: number };

/** How a stored attachment goes to Telegram: pictures as photos, MP3 as a voice note, other sound as audio. */
export function telegramFileOf(attachment: { type: 'IMAGE' | 'AUDIO'; filePath: string }): TelegramFileRef {
  if (attachment.type === 'IMAGE') return { kind: 'photo', path: attachment.filePath };
  // sendVoice takes OGG/Opus, MP3 or M4A; the local voice engine's WAV goes as an audio file.
  return { kind: attachment.filePath.endsWith('.mp3') ? 'voice' : 'audio', path: attachment.filePath };
}

export type TelegramDeliveryDeps = {
  db: Database;
  telegram: TelegramPort;
  storage: FileStorage;
  /** This process's pacing of each bot and chat; absent: no pacing. */
  pacer?: TelegramPacer | undefined;
  /** Waits this long (tests pass their own); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
};

/** The longest a job waits for a bot's 429 hold; past it the job fails and its retry comes later. */
export const telegramLongestWaitMs = 60_000;

const holdKey = (botId: number) => `telegram:${botId}`;

/** How long the bot's 429 hold (from any worker) still runs, in ms. */
async function holdMs(db: Database, botId: number): Promise<number> {
  const [row] = await db
    .select({ ms: sql<number>`greatest(0, extract(epoch from ${providerRateLimits.blockedUntil} - now()) * 1000)::float8` })
    .from(providerRateLimits)
    .where(eq(providerRateLimits.provider, holdKey(botId)));
  return Math.ceil(Number(row?.ms ?? 0));
}

/**
 * One Bot API call under the limits: paced, after any 429 hold of the bot, and on a 429 the hold
 * recorded for every worker (Telegram's retry_after) and the call tried again after it. A hold
 * longer than a minute fails the call (the job's retry comes later, in the chat's order).
 */
async function limited(
  deps: TelegramDeliveryDeps,
  target: TelegramTarget,
  call: () => Promise<TelegramSentMessage>,
): Promise<TelegramSentMessage> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt += 1) {
    await deps.pacer?.wait(target.botId, target.chatId);
    const hold = await holdMs(deps.db, target.botId);
    if (hold > telegramLongestWaitMs)
      throw new TelegramError('refused', `Telegram asked this bot to wait ${Math.ceil(hold / 1000)} s`);
    if (hold > 0) await sleep(hold);
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof TelegramError) || error.retryAfterSeconds === undefined || attempt >= 3) throw error;
      await noteRateLimited(deps.db, { provider: holdKey(target.botId), retryAfterMs: error.retryAfterSeconds * 1000 });
    }
  }
}

/**
 * Sends the messages in order, each at most once per (bot, chat, key): a message already marked
 * sent is skipped. Returns how many were sent now. A failed call leaves its row unsent and stops
 * here (the job's retry resumes at that message).
 */
export async function deliverTelegramMessages(
  deps: TelegramDeliveryDeps,
  target: TelegramTarget,
  messages: TelegramOutgoing[],
): Promise<number> {
  const { db } = deps;
  let sent = 0;
  for (const message of messages) {
    const where = and(
      eq(telegramSends.botId, target.botId),
      eq(telegramSends.telegramChatId, target.chatId),
      eq(telegramSends.key, message.key),
    );
    const [done] = await db
      .select({ id: telegramSends.id })
      .from(telegramSends)
      .where(and(where, isNotNull(telegramSends.sentAt)));
    if (done) continue;
    await db
      .insert(telegramSends)
      .values({ talentId: target.talentId, botId: target.botId, telegramChatId: target.chatId, key: message.key })
      .onConflictDoNothing();
    const accepted =
      'file' in message
        ? await sendStoredFile(deps, target, message.file, message.caption)
        : await limited(deps, target, () =>
            deps.telegram.sendMessage(
              target.token,
              target.chatId,
              message.text,
              message.button ? { button: message.button } : {},
            ),
          );
    await db.update(telegramSends).set({ sentAt: new Date(), telegramMessageId: accepted.messageId }).where(where);
    sent += 1;
  }
  return sent;
}

async function sendStoredFile(
  deps: TelegramDeliveryDeps,
  target: TelegramTarget,
  file: TelegramFileRef,
  caption: string | undefined,
) {
  const stored = await deps.storage.read(file.path);
  if (!stored) {
    // A file gone from storage (deleted from the gallery since): said rather than failing forever.
    return limited(deps, target, () =>
      deps.telegram.sendMessage(target.token, target.chatId, 'This file is no longer available, sorry.'),
    );
  }
  const fileName = file.path.split('/').at(-1) ?? 'file';
  return limited(deps, target, () =>
    deps.telegram.sendFile(target.token, target.chatId, {
      kind: file.kind,
      bytes: stored.bytes,
      fileName,
      ...(caption ? { caption } : {}),
    }),
  );
}
