// A creator's Telegram bot (docs/telegram.md): linked with BotFather's token, which Telegram
// verifies (getMe) before anything is stored; its webhook registered with a random secret token;
// unlinked with deleteWebhook. The token stays on the server: only the bot's @username goes back.
import { randomBytes } from 'node:crypto';
import { type Database, type Executor, recordChanges, type Transaction, telegramBots } from '@doppel/db';
import type { TelegramSettings } from '@doppel/validation';
import { and, eq, ne } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { TelegramError, type TelegramPort } from '../ports/telegram.ts';
import { isSealedUnderCurrentKey, openTelegramToken, sealTelegramToken, type TelegramTokenKeys } from './token-crypto.ts';

/** Where Telegram delivers a twin's updates (apps/api/src/http/telegram-webhook.ts). */
export function telegramWebhookUrl(publicUrl: string, talentId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/webhooks/telegram/${encodeURIComponent(talentId)}`;
}

export const telegramUnavailableMessage =
  'Telegram needs this server to be reachable from the internet: set PUBLIC_URL (an https:// address) and restart.';

const botChanged = (talentId: string) => ({ entity: 'telegram_bots', rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] });

export async function getTelegramSettings(db: Executor, talentId: string, available: boolean): Promise<TelegramSettings> {
  const [bot] = await db
    .select({ username: telegramBots.username, linkedAt: telegramBots.linkedAt })
    .from(telegramBots)
    .where(eq(telegramBots.talentId, talentId));
  return { available, bot: bot ? { username: bot.username, linkedAt: bot.linkedAt.toISOString() } : null };
}

function telegramRefusal(error: unknown): DomainError {
  if (error instanceof TelegramError && error.kind === 'unauthorized') {
    return new DomainError('INVALID', 'Telegram does not know this token. Copy it again from BotFather (/mybots → API Token).');
  }
  if (error instanceof TelegramError && error.kind === 'refused') return new DomainError('INVALID', error.message);
  return new DomainError('NOT_CONFIGURED', 'Telegram could not be reached. Please try again in a moment.');
}

/**
 * Verifies the token with Telegram, points the bot's webhook at this server with a fresh secret,
 * then stores the link (replacing the twin's earlier bot, whose webhook is removed). A token
 * Telegram does not know, or a bot already linked to another twin, changes nothing.
 */
export async function linkTelegramBot(
  deps: {
    db: Executor;
    write: <T>(run: (tx: Transaction) => Promise<T>) => Promise<T>;
    telegram: TelegramPort;
    publicUrl: string;
    /** The key tokens are sealed with at rest (token-crypto.ts). */
    tokenKey: TelegramTokenKeys;
  },
  input: { talentId: string; userId: string; token: string; available: boolean },
): Promise<TelegramSettings> {
  const { db, telegram } = deps;
  if (!input.available) throw new DomainError('NOT_CONFIGURED', telegramUnavailableMessage);
  const me = await telegram.getMe(input.token).catch((error: unknown) => {
    throw telegramRefusal(error);
  });
  const [taken] = await db
    .select({ talentId: telegramBots.talentId })
    .from(telegramBots)
    .where(and(eq(telegramBots.botId, me.id), ne(telegramBots.talentId, input.talentId)));
  if (taken)
    throw new DomainError('CONFLICT', `@${me.username} is already linked to another twin. Create a new bot with BotFather.`);
  const [previous] = await db
    .select({ token: telegramBots.token, botId: telegramBots.botId })
    .from(telegramBots)
    .where(eq(telegramBots.talentId, input.talentId));
  const webhookSecret = randomBytes(32).toString('base64url');
  await telegram
    .setWebhook(input.token, { url: telegramWebhookUrl(deps.publicUrl, input.talentId), secretToken: webhookSecret })
    .catch((error: unknown) => {
      throw telegramRefusal(error);
    });
  const values = {
    botId: me.id,
    username: me.username,
    token: sealTelegramToken(deps.tokenKey, input.token),
    webhookSecret,
    linkedById: input.userId,
    linkedAt: new Date(),
  };
  await deps.write(async (tx) => {
    await tx
      .insert(telegramBots)
      .values({ talentId: input.talentId, ...values })
      .onConflictDoUpdate({ target: telegramBots.talentId, set: values });
    await recordChanges(tx, [botChanged(input.talentId)]);
  });
  // The twin's earlier bot stops delivering here; it may have been revoked already, so a failure is fine.
  if (previous && previous.botId !== me.id) {
    await Promise.resolve()
      .then(() => telegram.deleteWebhook(openTelegramToken(deps.tokenKey, previous.token)))
      .catch(() => undefined);
  }
  return getTelegramSettings(db, input.talentId, input.available);
}

/** Removes the bot's webhook at Telegram (best effort: a revoked token cannot) and forgets the link. */
export async function unlinkTelegramBot(
  deps: {
    db: Executor;
    write: <T>(run: (tx: Transaction) => Promise<T>) => Promise<T>;
    telegram: TelegramPort;
    tokenKey: TelegramTokenKeys;
  },
  input: { talentId: string; available: boolean },
): Promise<TelegramSettings> {
  const removed = await deps.write(async (tx) => {
    const [row] = await tx
      .delete(telegramBots)
      .where(eq(telegramBots.talentId, input.talentId))
      .returning({ token: telegramBots.token });
    if (row) await recordChanges(tx, [botChanged(input.talentId)]);
    return row;
  });
  if (!removed) throw new DomainError('NOT_FOUND', 'No Telegram bot is linked to this twin.');
  await Promise.resolve()
    .then(() => deps.telegram.deleteWebhook(openTelegramToken(deps.tokenKey, removed.token)))
    .catch(() => undefined);
  return getTelegramSettings(deps.db, input.talentId, input.available);
}

/**
 * `ops telegram reseal` (key rotation, token-crypto.ts): every linked bot's token sealed under the
 * first of TELEGRAM_TOKEN_KEY's keys, in one transaction with the rows locked, so a link made
 * meanwhile waits and a token none of the keys opens changes nothing at all. Run it after putting
 * the new key first; once it reports every token current, the old key can be dropped.
 */
export async function resealTelegramTokens(db: Database, keys: TelegramTokenKeys): Promise<{ bots: number; resealed: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ talentId: telegramBots.talentId, username: telegramBots.username, token: telegramBots.token })
      .from(telegramBots)
      .for('update');
    let resealed = 0;
    for (const row of rows) {
      if (isSealedUnderCurrentKey(keys, row.token)) continue;
      let token: string;
      try {
        token = openTelegramToken(keys, row.token);
      } catch {
        throw new DomainError(
          'CONFLICT',
          `The token of @${row.username} opens with none of TELEGRAM_TOKEN_KEY's keys: nothing was resealed. Add the key it was sealed with after the new one.`,
        );
      }
      await tx
        .update(telegramBots)
        .set({ token: sealTelegramToken(keys, token) })
        .where(eq(telegramBots.talentId, row.talentId));
      resealed += 1;
    }
    return { bots: rows.length, resealed };
  });
}
