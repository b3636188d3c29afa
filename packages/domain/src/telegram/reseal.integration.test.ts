// Rotating TELEGRAM_TOKEN_KEY against a real database (docs/telegram.md, "The token at rest"): the
// new key first, `ops telegram reseal` seals every bot token under it, and then the old key can go.
// A token no listed key opens stops the run with nothing changed.
import { newId, talents, telegramBots } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resealTelegramTokens } from './bots.ts';
import { openTelegramToken, sealTelegramToken, telegramTokenKeys } from './token-crypto.ts';

let database: TestDatabase;
const [oldKey, newKey, strayKey] = ['a1', 'b2', 'c3'].map((byte) => byte.repeat(32)) as [string, string, string];
const tokens = ['111:AAold-key-token', '222:AAdevelopment-token', '333:AAplain-token'];

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

async function bot(index: number, stored: string) {
  const talentId = newId();
  await database.db.insert(talents).values({ id: talentId, name: `Twin ${index}`, tag: `reseal${index}` });
  await database.db.insert(telegramBots).values({
    talentId,
    botId: index,
    username: `reseal_${index}_bot`,
    token: stored,
    webhookSecret: 'secret',
  });
}

const stored = async () =>
  (await database.db.select({ token: telegramBots.token }).from(telegramBots).orderBy(asc(telegramBots.botId))).map(
    (row) => row.token,
  );

describe('telegram reseal', () => {
  it('seals every token under the new key, once, after which the old key can go', async () => {
    // Sealed under the old key, under the development key (no key was set then), and stored before sealing.
    await bot(1, sealTelegramToken(telegramTokenKeys(oldKey), tokens[0] as string));
    await bot(2, sealTelegramToken(telegramTokenKeys(undefined), tokens[1] as string));
    await bot(3, tokens[2] as string);

    // A key list that cannot open the old key's token changes nothing at all.
    const before = await stored();
    await expect(resealTelegramTokens(database.db, telegramTokenKeys(strayKey))).rejects.toThrow(
      "The token of @reseal_1_bot opens with none of TELEGRAM_TOKEN_KEY's keys: nothing was resealed.",
    );
    expect(await stored()).toEqual(before);

    const rotating = telegramTokenKeys(`${newKey},${oldKey}`);
    expect(await resealTelegramTokens(database.db, rotating)).toEqual({ bots: 3, resealed: 3 });
    expect(await resealTelegramTokens(database.db, rotating)).toEqual({ bots: 3, resealed: 0 });
    const after = await stored();
    for (const value of after) expect(value).toMatch(/^v1:/);
    // The new key alone now opens every token.
    expect(after.map((value) => openTelegramToken(telegramTokenKeys(newKey), value))).toEqual(tokens);
    const [first] = await database.db.select().from(telegramBots).where(eq(telegramBots.botId, 1));
    expect(() => openTelegramToken(telegramTokenKeys(oldKey), first?.token as string)).toThrow();
  });
});
