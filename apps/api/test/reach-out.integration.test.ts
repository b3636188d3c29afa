// The fan's reach-out switch through the real API (docs/reach-out.md): kept on the chat, the
// browser's time zone kept for quiet hours, a bad zone ignored, nobody else's chat reachable.
import { rm } from 'node:fs/promises';
import { chats, seedDemoData, talentConfigs, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatApi } from './chat-fixtures.ts';
import { type Api, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  await api.database.db.insert(talentConfigs).values({ id: people.talentA.id });
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('the fan’s reach-out switch', () => {
  it('turns the twin’s reach-outs off and on, keeps the zone, and is the fan’s alone', async () => {
    const fan = await signIn(api, people.fan.email as string);
    const opened = await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
    const chatId = opened.chat.id;
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: true });

    await fan.client.chat.reachOuts.set.mutate({ chatId, enabled: false, timeZone: 'Europe/Berlin' });
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: false });
    const db = api.database.db;
    const [chat] = await db.select({ offAt: chats.reachOutsOffAt }).from(chats).where(eq(chats.id, chatId));
    expect(chat?.offAt).toBeInstanceOf(Date);
    const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, people.fan.id));
    expect(user?.timeZone).toBe('Europe/Berlin');

    // A zone the runtime does not know changes nothing but the switch.
    await fan.client.chat.reachOuts.set.mutate({ chatId, enabled: true, timeZone: 'Not/AZone' });
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: true });
    const [after] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, people.fan.id));
    expect(after?.timeZone).toBe('Europe/Berlin');

    const other = await signIn(api, people.creatorB.email as string);
    expect(await refusal(other.client.chat.reachOuts.set.mutate({ chatId, enabled: false }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: true });
  });
});
