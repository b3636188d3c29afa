// Telegram (docs/telegram.md) over the real API server, grammY's real client and the fake Bot API
// server: a creator links a bot (Telegram verifies the token), the webhook refuses a delivery
// without the secret token and stores a genuine one once however often Telegram delivers it.
import { telegramBots, telegramUpdates } from '@doppel/db';
import { type FakeTelegram, startFakeTelegram } from '@doppel/integrations/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let telegram: FakeTelegram;
let api: Api;
let creator: Caller;
let otherCreator: Caller;
let twin: Awaited<ReturnType<typeof createTalent>>;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  api = await startApi({ env: { TELEGRAM: 'on', TELEGRAM_API_ROOT: telegram.origin, FAN_FREE_CREDITS: '2' } });
  const people = await seedPeople(api);
  [creator, otherCreator] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
  ]);
  twin = await createTalent(api, { managerIds: [people.creatorA.id] });
});
afterAll(async () => {
  await api?.close();
  await telegram?.close();
});

const updatesOf = (botId: number) => api.database.db.select().from(telegramUpdates).where(eq(telegramUpdates.botId, botId));

describe('linking a bot', () => {
  it('refuses a token Telegram does not know, and one that is no token, changing nothing', async () => {
    const talentId = twin.talent.id;
    const unknown = await refusal(
      creator.client.talent.telegram.link.mutate({ talentId, token: '123456789:AAEunknownunknownunknownunknown12' }),
    );
    expect(unknown.message).toContain('Telegram does not know this token');
    const malformed = await refusal(creator.client.talent.telegram.link.mutate({ talentId, token: 'not a token' }));
    expect(malformed.message).toContain('Paste the token BotFather gave you');
    expect(await creator.client.talent.telegram.get.query({ talentId })).toEqual({ available: true, bot: null });
  });

  it('verifies the token, registers the webhook with a secret, shows the @username and never the token', async () => {
    const talentId = twin.talent.id;
    const bot = telegram.createBot('twin_one_bot');
    const linked = await creator.client.talent.telegram.link.mutate({ talentId, token: bot.token });
    expect(linked).toEqual({ available: true, bot: { username: 'twin_one_bot', linkedAt: expect.any(String) } });
    expect(JSON.stringify(await creator.client.talent.telegram.get.query({ talentId }))).not.toContain(bot.token);
    const webhook = telegram.webhookOf(bot.token);
    expect(webhook?.url).toBe(`${api.url}/webhooks/telegram/${talentId}`);
    expect(webhook?.secretToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(telegram.calls.filter((call) => call.token === bot.token).map((call) => call.method)).toEqual(['getMe', 'setWebhook']);
  });

  it('is another twin’s creator’s to neither read nor change', async () => {
    const talentId = twin.talent.id;
    expect((await refusal(otherCreator.client.talent.telegram.get.query({ talentId }))).code).toBe('FORBIDDEN');
    expect((await refusal(otherCreator.client.talent.telegram.unlink.mutate({ talentId }))).code).toBe('FORBIDDEN');
    const other = telegram.createBot('not_theirs_bot');
    expect((await refusal(otherCreator.client.talent.telegram.link.mutate({ talentId, token: other.token }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await creator.client.talent.telegram.get.query({ talentId })).bot?.username).toBe('twin_one_bot');
  });
});

describe('the webhook', () => {
  it('refuses a delivery without the secret token or with another one, storing nothing', async () => {
    const twoTwin = await createTalent(api);
    const bot = telegram.createBot('webhook_bot');
    await api.database.db
      .insert(telegramBots)
      .values({
        talentId: twoTwin.talent.id,
        botId: bot.id,
        username: bot.username,
        token: bot.token,
        webhookSecret: 'right-secret',
      });
    const webhookUrl = `${api.url}/webhooks/telegram/${twoTwin.talent.id}`;
    const send = (headers: Record<string, string>) =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(telegram.textUpdate(bot.token, { from: { id: 501 }, text: 'hello' })),
      });
    expect((await send({})).status).toBe(401);
    expect((await send({ 'x-telegram-bot-api-secret-token': 'wrong-secret' })).status).toBe(401);
    expect(await updatesOf(bot.id)).toEqual([]);
    expect((await send({ 'x-telegram-bot-api-secret-token': 'right-secret' })).status).toBe(200);
    expect(await updatesOf(bot.id)).toHaveLength(1);
  });

  it('stores an update delivered twice once', async () => {
    const bot = telegram.createBot('twice_bot');
    const twice = await createTalent(api, { managerIds: [] });
    await api.database.db
      .insert(telegramBots)
      .values({
        talentId: twice.talent.id,
        botId: bot.id,
        username: bot.username,
        token: bot.token,
        webhookSecret: 'twice-secret',
      });
    const update = telegram.textUpdate(bot.token, { from: { id: 502 }, text: 'once please' });
    const deliver = () =>
      fetch(`${api.url}/webhooks/telegram/${twice.talent.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'twice-secret' },
        body: JSON.stringify(update),
      });
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    expect(await updatesOf(bot.id)).toHaveLength(1);
  });
});

describe('unlinking', () => {
  it('removes the webhook at Telegram and forgets the bot', async () => {
    const talentId = twin.talent.id;
    const [row] = await api.database.db.select().from(telegramBots).where(eq(telegramBots.talentId, talentId));
    expect(await creator.client.talent.telegram.unlink.mutate({ talentId })).toEqual({ available: true, bot: null });
    expect(telegram.webhookOf(row?.token as string)).toBeNull();
    expect((await refusal(creator.client.talent.telegram.unlink.mutate({ talentId }))).code).toBe('NOT_FOUND');
  });
});
