// A bot token at rest (docs/telegram.md, "The token at rest"): sealed with AES-256-GCM under
// TELEGRAM_TOKEN_KEY (32 bytes, hex) before it is stored, opened only to call the Bot API. Without
// the setting (a bare machine, `npm start`), the key is derived from a fixed string: the column is
// no longer plain text, but anyone with the code can open it, so production sets its own key.
// A stored value without the `v1:` prefix is a token stored before sealing, read as it is.
// Rotation: the setting may list several keys, comma-separated, the newest first. The first seals;
// each opens. `ops telegram reseal` seals every stored token under the first, after which the
// older keys can be dropped from the list.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { telegramTokenKeyMessage, telegramTokenKeyPattern } from '@doppel/validation';

/** The keys tokens are sealed and opened with. */
export type TelegramTokenKeys = { seal: Buffer; open: readonly Buffer[] };

const developmentKey = createHash('sha256').update('doppel development key for Telegram bot tokens').digest();

/**
 * TELEGRAM_TOKEN_KEY's keys (the first seals, each opens), else the development key. The
 * development key always opens too, last: what it sealed anyone with the code can open anyway, and
 * so an installation that ran without a key of its own can set one and reseal.
 */
export function telegramTokenKeys(setting: string | undefined): TelegramTokenKeys {
  if (setting !== undefined && setting !== '') {
    const compact = setting.replaceAll(/\s/g, '');
    if (!telegramTokenKeyPattern.test(compact)) throw new Error(telegramTokenKeyMessage);
    const keys = compact.split(',').map((hex) => Buffer.from(hex, 'hex'));
    return { seal: keys[0] as Buffer, open: [...keys, developmentKey] };
  }
  return { seal: developmentKey, open: [developmentKey] };
}

/** `v1:{iv}:{tag}:{ciphertext}`, base64url, a fresh 12-byte IV each time, under the first key. */
export function sealTelegramToken(keys: TelegramTokenKeys, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** The token under one key; null when it was sealed under another (GCM's tag tells) or is not sealed. */
function openWith(key: Buffer, stored: string): string | null {
  const parts = stored.split(':');
  if (parts[0] !== 'v1' || parts.length !== 4) return null;
  const [, iv, tag, sealed] = parts.map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv as Buffer);
    decipher.setAuthTag(tag as Buffer);
    return Buffer.concat([decipher.update(sealed as Buffer), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Whether a stored value is a plain token from before sealing. */
function isPlain(stored: string): boolean {
  const parts = stored.split(':');
  return parts[0] !== 'v1' || parts.length !== 4;
}

/** The token of a stored value; throws when none of the keys opens it (another key, or tampered with). */
export function openTelegramToken(keys: TelegramTokenKeys, stored: string): string {
  if (isPlain(stored)) return stored;
  for (const key of keys.open) {
    const token = openWith(key, stored);
    if (token !== null) return token;
  }
  throw new Error('This bot token was sealed under a key TELEGRAM_TOKEN_KEY no longer holds');
}

/** Whether the stored value is sealed under the key that seals now (else `ops telegram reseal` reseals it). */
export function isSealedUnderCurrentKey(keys: TelegramTokenKeys, stored: string): boolean {
  return openWith(keys.seal, stored) !== null;
}
