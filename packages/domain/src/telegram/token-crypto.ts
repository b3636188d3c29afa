// A bot token at rest (docs/telegram.md, "The token at rest"): sealed with AES-256-GCM under
// TELEGRAM_TOKEN_KEY (32 bytes, hex) before it is stored, opened only to call the Bot API. Without
// the setting (a bare machine, `npm start`), the key is derived from a fixed string: the column is
// no longer plain text, but anyone with the code can open it, so production sets its own key.
// A stored value without the `v1:` prefix is a token stored before sealing, read as it is.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What TELEGRAM_TOKEN_KEY looks like: 32 bytes as 64 hex characters (openssl rand -hex 32). */
export const telegramTokenKeyPattern = /^[0-9a-fA-F]{64}$/;

/** The key tokens are sealed with: TELEGRAM_TOKEN_KEY, else the development key. */
export function telegramTokenKey(setting: string | undefined): Buffer {
  if (setting !== undefined && setting !== '') {
    if (!telegramTokenKeyPattern.test(setting))
      throw new Error('TELEGRAM_TOKEN_KEY must be 64 hex characters (openssl rand -hex 32)');
    return Buffer.from(setting, 'hex');
  }
  return createHash('sha256').update('doppel development key for Telegram bot tokens').digest();
}

/** `v1:{iv}:{tag}:{ciphertext}`, base64url, a fresh 12-byte IV each time. */
export function sealTelegramToken(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** The token of a stored value; throws when it was sealed under another key (or tampered with). */
export function openTelegramToken(key: Buffer, stored: string): string {
  const parts = stored.split(':');
  if (parts[0] !== 'v1' || parts.length !== 4) return stored;
  const [, iv, tag, sealed] = parts.map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv as Buffer);
  decipher.setAuthTag(tag as Buffer);
  return Buffer.concat([decipher.update(sealed as Buffer), decipher.final()]).toString('utf8');
}
