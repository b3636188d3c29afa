// Telegram (docs/telegram.md) over the real API server, the real worker process, grammY's real
// client and the fake Bot API server: a creator links a bot (Telegram verifies the token), the
// webhook refuses a delivery without the secret token and stores a genuine one once however often
// Telegram delivers it, and fans chat with the twin in Telegram as in the app: welcomed, charged,
// answered in order, pointed to the app when out of credits, and linked to their account.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chatMessages,
  chats,
  newId,
  providerRateLimits,
  reachOutTriggers,
  replyDrafts,
  seedDemoData,
  staticAttachments,
  talentConfigs,
  telegramBots,
  telegramFans,
  telegramSends,
  telegramUpdates,
  users,
} from '@doppel/db';
import { openTelegramToken, telegramTokenKeys } from '@doppel/domain/telegram';
import { createLocalDiskStorage } from '@doppel/integrations';
import {
  type FakeOpenAi,
  type FakeTelegram,
  type FakeTelegramBot,
  startFakeOpenAi,
  startFakeTelegram,
} from '@doppel/integrations/testing';
import { createBoss, enqueue } from '@doppel/jobs';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '../../../scripts/worker-process.ts';
import { balanceOf, createTalent } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let telegram: FakeTelegram;
let api: Api;
let creator: Caller;
let otherCreator: Caller;
let twin: Awaited<ReturnType<typeof createTalent>>;
let people: Awaited<ReturnType<typeof seedPeople>>;
let worker: WorkerProcess | undefined;
let filesDir: string;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-telegram-files-'));
  api = await startApi({
    env: { TELEGRAM: 'on', TELEGRAM_API_ROOT: telegram.origin, FAN_FREE_CREDITS: '2', FILES_DIR: filesDir },
  });
  // The app config (prompt templates) the twin's replies are written with.
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  [creator, otherCreator] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
  ]);
  twin = await createTalent(api, { managerIds: [people.creatorA.id] });
  // The worker as `npm start` runs it, offline (no model key), answering through the fake Bot API.
  worker = await startWorkerProcess(api.database.url, {
    TELEGRAM_API_ROOT: telegram.origin,
    PUBLIC_URL: api.url,
    FAN_FREE_CREDITS: '2',
    FILES_DIR: filesDir,
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    ELEVENLABS_API_KEY: '',
  });
}, 120_000);
afterAll(async () => {
  await worker?.kill('SIGTERM');
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
    expect(telegram.calls.find((call) => call.method === 'setWebhook')?.params.allowed_updates).toEqual([
      'message',
      'callback_query',
    ]);
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
    await api.database.db.insert(telegramBots).values({
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
    await api.database.db.insert(telegramBots).values({
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
    // The token is sealed at rest (AES-256-GCM, the development key here): not stored as BotFather gave it.
    const token = openTelegramToken(telegramTokenKeys(undefined), row?.token as string);
    expect(row?.token).not.toContain(token.split(':')[1]);
    expect(await creator.client.talent.telegram.unlink.mutate({ talentId })).toEqual({ available: true, bot: null });
    expect(telegram.webhookOf(token)).toBeNull();
    expect((await refusal(creator.client.talent.telegram.unlink.mutate({ talentId }))).code).toBe('NOT_FOUND');
  });
});

/** A twin with a bot its creator linked through Settings, so Telegram delivers to the real webhook. */
async function linkedTwin(username: string, setup: Parameters<typeof createTalent>[1] = {}) {
  const made = await createTalent(api, { managerIds: [people.creatorA.id], ...setup });
  const bot = telegram.createBot(username);
  await creator.client.talent.telegram.link.mutate({ talentId: made.talent.id, token: bot.token });
  return { ...made, bot };
}

/** Waits until the worker has processed every update stored for the bot. */
async function processed(bot: FakeTelegramBot, count: number) {
  await vi.waitFor(
    async () => {
      const rows = await api.database.db
        .select()
        .from(telegramUpdates)
        .where(and(eq(telegramUpdates.botId, bot.id), isNotNull(telegramUpdates.processedAt)));
      if (rows.length < count) throw new Error(`${rows.length} of ${count} updates processed:\n${worker?.output().slice(-3000)}`);
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function fanOf(telegramUserId: number) {
  const [fan] = await api.database.db.select().from(telegramFans).where(eq(telegramFans.telegramUserId, telegramUserId));
  return fan;
}

async function chatMessagesOf(userId: string, talentId: string) {
  const [chat] = await api.database.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.userId, userId), eq(chats.talentId, talentId)));
  if (!chat) return [];
  return api.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id)).orderBy(asc(chatMessages.createdAt));
}

describe('fans in Telegram', () => {
  it('greets with the welcome messages and their unlocked pictures, charges a message as the app does and answers it with typing first', async () => {
    const picture = `talents/welcome/${newId()}.jpg`;
    const photo = Buffer.from('WELCOME-PHOTO');
    await createLocalDiskStorage(filesDir).put(picture, photo, 'image/jpeg');
    const image = (isUnlocked: boolean) => ({
      type: 'IMAGE' as const,
      filePath: picture,
      dimensions: { width: 9, height: 9 },
      isUnlocked,
    });
    const { bot, talent } = await linkedTwin('greeting_bot', {
      initialChatMessages: [
        { id: 'w1', text: 'Welcome to my Telegram!' },
        // The picture the creator sent unlocked goes as a photo; the locked one stays in the app.
        { id: 'w2', text: 'On my way to a shoot', attachments: [image(true), image(false)] },
      ],
    });
    const fanId = 9001;
    expect(await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: '/start' }))).toBe(200);
    await processed(bot, 1);
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual(['Welcome to my Telegram!', 'On my way to a shoot']);
    const welcomeFiles = telegram.files(bot.token, fanId);
    expect(welcomeFiles.map((f) => f.method)).toEqual(['sendPhoto']);
    expect(welcomeFiles[0]?.bytes.equals(photo)).toBe(true);

    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'What do you like to cook?' }));
    await processed(bot, 2);
    const fan = await fanOf(fanId);
    const stored = await chatMessagesOf(fan?.userId as string, talent.id);
    const fanMessage = stored.find((m) => m.text === 'What do you like to cook?');
    const reply = stored.find((m) => m.replyToMessageId === fanMessage?.id);
    expect(fanMessage?.spentFreeCredits).toBe(1);
    expect(await balanceOf(api, fan?.userId as string)).toEqual({ credits: 1, paidCredits: 0 });
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual([
      'Welcome to my Telegram!',
      'On my way to a shoot',
      reply?.text,
    ]);
    const methods = telegram.calls.filter((c) => c.token === bot.token).map((c) => c.method);
    expect(methods.slice(-2)).toEqual(['sendChatAction', 'sendMessage']);
  });

  it('waits as long as a 429 asks and sends the message then, the hold shared by every worker', async () => {
    const { bot } = await linkedTwin('flood_bot');
    const fanId = 9005;
    telegram.floodNext(bot.token, 1);
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: '/help' }));
    await processed(bot, 1);
    expect(telegram.sent(bot.token, fanId)).toHaveLength(1);
    const [hold] = await api.database.db
      .select()
      .from(providerRateLimits)
      .where(eq(providerRateLimits.provider, `telegram:${bot.id}`));
    expect(hold?.consecutiveLimits).toBe(1);
  });

  it('processes an update Telegram delivered twice once', async () => {
    const { bot, talent } = await linkedTwin('redelivery_bot');
    const fanId = 9002;
    const update = telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'Only once, please' });
    expect(await telegram.deliver(bot.token, update)).toBe(200);
    expect(await telegram.deliver(bot.token, update)).toBe(200);
    // A later update of the same chat runs after both deliveries' work, so waiting for it is enough.
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: '/help' }));
    await processed(bot, 2);
    const fan = await fanOf(fanId);
    const stored = await chatMessagesOf(fan?.userId as string, talent.id);
    expect(stored.filter((m) => m.text === 'Only once, please')).toHaveLength(1);
    expect(telegram.sent(bot.token, fanId)).toHaveLength(2);
    expect(await balanceOf(api, fan?.userId as string)).toEqual({ credits: 1, paidCredits: 0 });
  });

  it('answers two messages of one chat in the order they were sent', async () => {
    const { bot, talent } = await linkedTwin('order_bot');
    const fanId = 9003;
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'First question' }));
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'Second question' }));
    await processed(bot, 2);
    const fan = await fanOf(fanId);
    const stored = await chatMessagesOf(fan?.userId as string, talent.id);
    const replyTo = (text: string) => stored.find((m) => m.replyToMessageId === stored.find((f) => f.text === text)?.id)?.text;
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual([replyTo('First question'), replyTo('Second question')]);
  });

  it('points a fan out of credits to the app, and /link moves the Telegram fan into their account', async () => {
    const { bot, talent, tag } = await linkedTwin('credits_bot');
    const fanId = 9004;
    for (const text of ['one', 'two', 'three']) {
      await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text }));
    }
    await processed(bot, 3);
    const last = telegram.sent(bot.token, fanId).at(-1);
    expect(last?.text).toBe('AUTH: sign in to keep chatting');
    const button = (last?.replyMarkup as { inline_keyboard: { text: string; url: string }[][] } | undefined)
      ?.inline_keyboard[0]?.[0];
    expect(button?.url).toMatch(new RegExp(`^${api.url}/telegram/link\\?token=`));

    // The fan opens the link signed in: the anonymous Telegram fan is merged into the account.
    const anonymousId = (await fanOf(fanId))?.userId as string;
    const token = new URL(button?.url as string).searchParams.get('token') as string;
    const fan = await signIn(api, people.fan.email as string);
    expect(await fan.client.telegram.linkAccount.mutate({ token })).toEqual({ tag });
    expect((await refusal(fan.client.telegram.linkAccount.mutate({ token }))).message).toContain('expired or was used already');
    const accountId = people.fan.id;
    expect((await fanOf(fanId))?.userId).toBe(accountId);
    expect((await chatMessagesOf(accountId, talent.id)).map((m) => m.text)).toContain('three');
    expect(await chatMessagesOf(anonymousId, talent.id)).toEqual([]);

    // From now on the Telegram user chats as the account, with its credits.
    await api.database.db.update(users).set({ paidCredits: 5 }).where(eq(users.id, accountId));
    const before = await balanceOf(api, accountId);
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'I am back' }));
    await processed(bot, 4);
    const after = await balanceOf(api, accountId);
    expect((before?.credits ?? 0) + (before?.paidCredits ?? 0) - ((after?.credits ?? 0) + (after?.paidCredits ?? 0))).toBe(1);
    expect((await chatMessagesOf(accountId, talent.id)).some((m) => m.text === 'I am back')).toBe(true);
  });
});

type Keyboard = { inline_keyboard: { text: string; url?: string; callback_data?: string }[][] };
const buttonOf = (replyMarkup: unknown) => (replyMarkup as Keyboard | null)?.inline_keyboard[0]?.[0];

describe('pictures, voice notes and held replies in Telegram', () => {
  it('sends a locked picture with an unlock button that charges once, however often it is pressed, then the photo itself', async () => {
    const { bot, talent } = await linkedTwin('picture_bot', { creditsToUnlockImage: 4, creditsToUnlockFirstImage: null });
    const image = `talents/${talent.id}/gallery/${newId()}.jpg`;
    const original = Buffer.from('ORIGINAL-BEACH-PHOTO');
    await createLocalDiskStorage(filesDir).put(image, original, 'image/jpeg');
    await api.database.db.insert(staticAttachments).values({
      talentId: talent.id,
      originalFileName: 'beach.jpg',
      filePath: image,
      width: 100,
      height: 100,
      context: 'beach',
    });
    const fanId = 9101;
    await telegram.deliver(
      bot.token,
      telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'Send me a photo of the beach' }),
    );
    await processed(bot, 1);
    const locked = telegram.sent(bot.token, fanId).find((m) => buttonOf(m.replyMarkup)?.callback_data);
    expect(locked?.text).toContain('I sent you a picture');
    expect(buttonOf(locked?.replyMarkup)?.text).toBe('Unlock for 4 credits');
    expect(telegram.files(bot.token, fanId)).toEqual([]);

    const fanUserId = (await fanOf(fanId))?.userId as string;
    await api.database.db.update(users).set({ paidCredits: 10 }).where(eq(users.id, fanUserId));
    const before = await balanceOf(api, fanUserId);
    const press = telegram.callbackUpdate(bot.token, {
      from: { id: fanId },
      data: buttonOf(locked?.replyMarkup)?.callback_data as string,
      messageId: locked?.messageId as number,
    });
    // Telegram redelivers the press, and the fan presses again.
    await telegram.deliver(bot.token, press);
    await telegram.deliver(bot.token, press);
    await telegram.deliver(
      bot.token,
      telegram.callbackUpdate(bot.token, { from: { id: fanId }, data: buttonOf(locked?.replyMarkup)?.callback_data as string }),
    );
    await processed(bot, 3);
    const after = await balanceOf(api, fanUserId);
    expect((before?.credits ?? 0) + (before?.paidCredits ?? 0) - ((after?.credits ?? 0) + (after?.paidCredits ?? 0))).toBe(4);
    const files = telegram.files(bot.token, fanId);
    expect(files).toHaveLength(1);
    expect(files[0]?.method).toBe('sendPhoto');
    expect(files[0]?.bytes.equals(original)).toBe(true);
    expect(telegram.callbackAnswers(bot.token).map((a) => a.text)).toEqual(['Unlocked', 'Unlocked already']);
  });

  it('answers a voice note (no speech to text offline) and a photo from a fan with a line to type instead, charging nothing', async () => {
    const { bot } = await linkedTwin('media_in_bot');
    const fanId = 9102;
    await telegram.deliver(bot.token, telegram.mediaUpdate(bot.token, { from: { id: fanId }, kind: 'voice' }));
    await telegram.deliver(bot.token, telegram.mediaUpdate(bot.token, { from: { id: fanId }, kind: 'photo' }));
    await processed(bot, 2);
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual([
      "I can't listen to voice notes right now. Type your message and I will answer.",
      'I read text messages only, here as in the app. Type your message and I will answer.',
    ]);
    expect(telegram.downloads(bot.token)).toEqual([]);
    expect(await fanOf(fanId)).toBeUndefined();
  });

  it('sends a held reply to Telegram once the creator approves it, and a retried job sends nothing twice', async () => {
    const { bot, talent } = await linkedTwin('held_bot');
    await api.database.db.update(talentConfigs).set({ replyApproval: true }).where(eq(talentConfigs.id, talent.id));
    const fanId = 9103;
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'Are you there?' }));
    await processed(bot, 1);
    const [update] = await updatesOf(bot.id);
    expect(update?.outcome).toBe('reply-held');
    expect(telegram.sent(bot.token, fanId)).toEqual([]);

    const drafts = await creator.client.talent.replyDrafts.list.query({ talentId: talent.id });
    const draft = drafts.items[0];
    expect(draft).toBeDefined();
    await creator.client.talent.replyDrafts.approve.mutate({
      talentId: talent.id,
      draftId: draft?.id as string,
      text: 'Yes, right here!',
    });
    await vi.waitFor(
      () => {
        if (telegram.sent(bot.token, fanId).length === 0) throw new Error('not forwarded yet');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual(['Yes, right here!']);

    // A worker that died before marking the update processed: the job runs again from the start.
    await api.database.db
      .update(telegramUpdates)
      .set({ processedAt: null })
      .where(eq(telegramUpdates.id, update?.id as string));
    const boss = createBoss(api.database.url, { role: 'client' });
    await boss.start();
    await enqueue(boss, 'telegram.update', { updateId: update?.id as string, chatKey: `${bot.id}:${fanId}` });
    await enqueue(boss, 'telegram.forward', { messageId: draft?.id as string, chatKey: `${bot.id}:${fanId}` });
    await boss.stop({ graceful: false });
    await processed(bot, 1);
    await vi.waitFor(
      async () => {
        const [job] = await api.database.db.execute<{ state: string }>(
          sql`select state from pgboss.job where name = 'telegram.forward' and data->>'messageId' = ${draft?.id as string} order by created_on desc limit 1`,
        );
        if (job?.state !== 'completed') throw new Error(`the second forward is ${job?.state}`);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual(['Yes, right here!']);
    const sends = await api.database.db.select().from(telegramSends).where(eq(telegramSends.botId, bot.id));
    expect(sends.map((row) => row.key)).toEqual([`message:${draft?.id}:text`]);

    // A reply the hold limit sends on its own goes to Telegram as well.
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'Hello again?' }));
    await processed(bot, 2);
    const [held] = (await creator.client.talent.replyDrafts.list.query({ talentId: talent.id })).items;
    await api.database.db
      .update(replyDrafts)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(replyDrafts.id, held?.id as string));
    const sweeper = createBoss(api.database.url, { role: 'client' });
    await sweeper.start();
    await enqueue(sweeper, 'chat.drafts-expire', { trigger: 'manual' });
    await sweeper.stop({ graceful: false });
    await vi.waitFor(
      () => {
        if (telegram.sent(bot.token, fanId).length < 2) throw new Error('the expired reply is not forwarded yet');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual(['Yes, right here!', held?.text]);
  });
  it('reaches out in Telegram too: a check-in to a fan who chats with the bot arrives there, once', async () => {
    const { bot, talent } = await linkedTwin('reach_bot');
    const db = api.database.db;
    await db
      .insert(reachOutTriggers)
      .values({ talentId: talent.id, kind: 'CHECK_IN', enabled: true, params: { minMessages: 1, quietDays: 7 } });
    const fanId = 9201;
    await telegram.deliver(bot.token, telegram.textUpdate(bot.token, { from: { id: fanId }, text: 'Talk soon!' }));
    await processed(bot, 1);
    expect(telegram.sent(bot.token, fanId)).toHaveLength(1);
    // Ten quiet days later, on a clock where it is early afternoon for the fan (quiet hours never decide).
    const fan = await fanOf(fanId);
    const [chat] = await db
      .select()
      .from(chats)
      .where(and(eq(chats.userId, fan?.userId as string), eq(chats.talentId, talent.id)));
    await db.execute(
      sql`update chat_messages set created_at = created_at - interval '10 days' where chat_id = ${chat?.id as string}`,
    );
    await db.execute(
      sql`update chats set last_user_message_at = last_user_message_at - interval '10 days' where id = ${chat?.id as string}`,
    );
    const offset = (13 - new Date().getUTCHours() + 24) % 24;
    const zone = offset === 0 ? 'Etc/GMT' : offset > 12 ? `Etc/GMT+${24 - offset}` : `Etc/GMT-${offset}`;
    await db
      .update(users)
      .set({ timeZone: zone })
      .where(eq(users.id, fan?.userId as string));

    const runReachOut = async () => {
      const boss = createBoss(api.database.url, { role: 'client' });
      await boss.start();
      // One run may be queued at a time: when the schedule's is, ours waits for a free slot.
      let jobId: string | null = null;
      for (let attempt = 0; attempt < 40 && !jobId; attempt++) {
        // In a transaction: its wake-up reaches the worker at once, as the ops CLI's run does.
        jobId = await db.transaction((tx) => enqueue(boss, 'chat.reach-out', { trigger: 'manual' }, { tx }));
        if (!jobId) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await boss.stop({ graceful: false });
      if (!jobId) throw new Error('chat.reach-out could not be queued');
      await vi.waitFor(
        async () => {
          const [job] = await db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${jobId}::uuid`);
          if (job?.state !== 'completed') throw new Error(`chat.reach-out is ${job?.state}`);
        },
        { timeout: 20_000, interval: 100 },
      );
    };
    await runReachOut();
    await vi.waitFor(
      () => {
        if (telegram.sent(bot.token, fanId).length < 2) throw new Error('the check-in has not reached Telegram yet');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(telegram.sent(bot.token, fanId)[1]?.text).toContain("It's been a little while");
    // Run again: the occasion is sent, nothing more reaches Telegram.
    await runReachOut();
    expect(telegram.sent(bot.token, fanId)).toHaveLength(2);
  });
});

describe('voice notes from fans, heard with speech to text', () => {
  let openAi: FakeOpenAi;
  beforeAll(async () => {
    // Last in this file: the offline worker makes way for one whose model and speech to text are
    // the fake OpenAI server (the SDK's transcription upload, answered from a script).
    openAi = await startFakeOpenAi({ apiKey: 'sk-test' });
    await worker?.kill('SIGTERM');
    worker = await startWorkerProcess(api.database.url, {
      TELEGRAM_API_ROOT: telegram.origin,
      PUBLIC_URL: api.url,
      FAN_FREE_CREDITS: '2',
      FILES_DIR: filesDir,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: openAi.url,
      ELEVENLABS_API_KEY: '',
    });
  }, 60_000);
  afterAll(() => openAi?.close());

  it('transcribes a voice note and sends the words as the fan’s message, charged once even when the job runs again', async () => {
    const { bot, talent } = await linkedTwin('voice_bot');
    const fanId = 9301;
    openAi.scriptTranscriptions({ text: 'What do you like to cook?' });
    const update = telegram.mediaUpdate(bot.token, { from: { id: fanId }, kind: 'voice', duration: 3 });
    await telegram.deliver(bot.token, update);
    await processed(bot, 1);
    const fan = await fanOf(fanId);
    const stored = await chatMessagesOf(fan?.userId as string, talent.id);
    const spoken = stored.find((m) => m.senderType === 'USER');
    expect(spoken).toMatchObject({ text: 'What do you like to cook?', spoken: true, spentFreeCredits: 1 });
    const reply = stored.find((m) => m.replyToMessageId === spoken?.id);
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual([reply?.text]);
    expect(await balanceOf(api, fan?.userId as string)).toEqual({ credits: 1, paidCredits: 0 });
    expect(telegram.downloads(bot.token)).toHaveLength(1);
    expect(openAi.transcriptionRequests()).toEqual([
      { model: 'gpt-4o-mini-transcribe', responseFormat: 'json', fileName: 'voice.ogg', contentType: 'audio/ogg', bytes: 14 },
    ]);

    // The job runs again (a crash before it marked the update done): the stored words are reused.
    const [row] = await updatesOf(bot.id);
    await api.database.db
      .update(telegramUpdates)
      .set({ processedAt: null })
      .where(eq(telegramUpdates.id, row?.id as string));
    const boss = createBoss(api.database.url, { role: 'client' });
    await boss.start();
    await enqueue(boss, 'telegram.update', { updateId: row?.id as string, chatKey: `${bot.id}:${fanId}` });
    await boss.stop({ graceful: false });
    await processed(bot, 1);
    expect(openAi.transcriptionRequests()).toHaveLength(1);
    expect(await balanceOf(api, fan?.userId as string)).toEqual({ credits: 1, paidCredits: 0 });
    expect((await chatMessagesOf(fan?.userId as string, talent.id)).filter((m) => m.senderType === 'USER')).toHaveLength(1);
    expect(telegram.sent(bot.token, fanId)).toHaveLength(1);
  });

  it('answers a note it cannot hear with a line, charging nothing: too long, or the provider failing', async () => {
    const { bot } = await linkedTwin('voice_fail_bot');
    const fanId = 9302;
    openAi.scriptTranscriptions({ error: { status: 500 } });
    await telegram.deliver(bot.token, telegram.mediaUpdate(bot.token, { from: { id: fanId }, kind: 'voice', duration: 121 }));
    await telegram.deliver(bot.token, telegram.mediaUpdate(bot.token, { from: { id: fanId }, kind: 'voice', duration: 5 }));
    await processed(bot, 2);
    expect(telegram.sent(bot.token, fanId).map((m) => m.text)).toEqual([
      'Voice notes can be up to 2 minutes long. Send a shorter one or type your message.',
      "I can't listen to voice notes right now. Type your message and I will answer.",
    ]);
    // The long one was refused from what the update declared, before any download.
    expect(telegram.downloads(bot.token)).toHaveLength(1);
    expect((await updatesOf(bot.id)).map((u) => u.outcome).sort()).toEqual(['voice-failed', 'voice-too-long']);
    expect(await fanOf(fanId)).toBeUndefined();
  });
});
