import { describe, expect, it } from 'vitest';
import { isSealedUnderCurrentKey, openTelegramToken, sealTelegramToken, telegramTokenKeys } from './token-crypto.ts';

const token = '123456789:AAEabcdefghijklmnopqrstuvwxyz012345';
const [oldKey, newKey, otherKey] = ['11', '22', '33'].map((byte) => byte.repeat(32)) as [string, string, string];

describe('bot tokens at rest', () => {
  it('seals a token so the stored value does not contain it, and opens it with the same key', () => {
    const keys = telegramTokenKeys(oldKey);
    const sealed = sealTelegramToken(keys, token);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('AAEabcdefghij');
    expect(sealTelegramToken(keys, token)).not.toBe(sealed);
    expect(openTelegramToken(keys, sealed)).toBe(token);
  });

  it('refuses another key, reads a token stored before sealing as it is, and has a development key', () => {
    const sealed = sealTelegramToken(telegramTokenKeys(oldKey), token);
    expect(() => openTelegramToken(telegramTokenKeys(otherKey), sealed)).toThrow('a key TELEGRAM_TOKEN_KEY no longer holds');
    expect(openTelegramToken(telegramTokenKeys(undefined), token)).toBe(token);
    expect(telegramTokenKeys(undefined).seal).toHaveLength(32);
    expect(() => telegramTokenKeys('short')).toThrow('TELEGRAM_TOKEN_KEY must be 64 hex characters');
    expect(() => telegramTokenKeys(`${oldKey},short`)).toThrow('several such keys separated by commas');
  });

  it('rotates: a list seals under its first key and opens under each, and says which values to reseal', () => {
    const before = sealTelegramToken(telegramTokenKeys(oldKey), token);
    const rotated = telegramTokenKeys(`${newKey}, ${oldKey}`);
    expect(openTelegramToken(rotated, before)).toBe(token);
    expect(isSealedUnderCurrentKey(rotated, before)).toBe(false);
    const after = sealTelegramToken(rotated, token);
    expect(isSealedUnderCurrentKey(rotated, after)).toBe(true);
    // Once every value is resealed, the old key can go.
    expect(openTelegramToken(telegramTokenKeys(newKey), after)).toBe(token);
    expect(() => openTelegramToken(telegramTokenKeys(newKey), before)).toThrow();
  });
});
