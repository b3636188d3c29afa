import { describe, expect, it } from 'vitest';
import { openTelegramToken, sealTelegramToken, telegramTokenKey } from './token-crypto.ts';

const token = '123456789:AAEabcdefghijklmnopqrstuvwxyz012345';

describe('bot tokens at rest', () => {
  it('seals a token so the stored value does not contain it, and opens it with the same key', () => {
    const key = telegramTokenKey('11'.repeat(32));
    const sealed = sealTelegramToken(key, token);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('AAEabcdefghij');
    expect(sealTelegramToken(key, token)).not.toBe(sealed);
    expect(openTelegramToken(key, sealed)).toBe(token);
  });

  it('refuses another key, reads a token stored before sealing as it is, and has a development key', () => {
    const sealed = sealTelegramToken(telegramTokenKey('11'.repeat(32)), token);
    expect(() => openTelegramToken(telegramTokenKey('22'.repeat(32)), sealed)).toThrow();
    expect(openTelegramToken(telegramTokenKey(undefined), token)).toBe(token);
    expect(telegramTokenKey(undefined)).toHaveLength(32);
    expect(() => telegramTokenKey('short')).toThrow('TELEGRAM_TOKEN_KEY must be 64 hex characters');
  });
});
