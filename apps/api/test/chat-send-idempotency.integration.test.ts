// Issue 25, item 8: a send whose answer was lost (a dropped connection, the API killed after the
// commit) is sent again by the app with the same idempotency key. Over real HTTP: the repeat, one
// after the other or at the same moment, stores one message, charges once and gets the first answer.
import { randomUUID } from 'node:crypto';
import { chats } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createTalent,
  failure,
  messagesOf,
  replyJobsOf,
  signedInFan,
  startChatApi,
  totalFrame,
} from './chat-fixtures.ts';
import { type Api, createCaller, requestSignInToken, signIn } from './harness.ts';

let api: Api;
beforeAll(async () => {
  ({ api } = await startChatApi());
});
afterAll(() => api?.close());

/** The fan's messages in the chat, how often the chat counted one, and the twin's paid earnings. */
async function storedOf(chatId: string, talentId: string) {
  const [chat] = await api.database.db.select().from(chats).where(eq(chats.id, chatId));
  return {
    messages: (await messagesOf(api, chatId)).length,
    counted: chat?.chatMessageCount,
    replyJobs: (await replyJobsOf(api, chatId)).length,
    grossSendMessage: (await totalFrame(api, talentId))?.grossSendMessage ?? 0,
  };
}

describe('chat.send with the same idempotency key', () => {
  it('answers a repeated send with the first answer, storing and charging the message once', async () => {
    const { talent, tag } = await createTalent(api, { creditsToSendMessage: 2 });
    const { fan, userId, chatId } = await signedInFan(api, 'again@test.dev', tag, { credits: 0, paidCredits: 10 });
    const idempotencyKey = randomUUID();

    const first = await fan.client.chat.send.mutate({ chatId, text: 'Did you get this?', idempotencyKey });
    // The first answer never arrived: the app sends the same message with the same key.
    const repeated = await fan.client.chat.send.mutate({ chatId, text: 'Did you get this?', idempotencyKey });

    expect(repeated).toEqual(first);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 8 });
    // 2 paid credits = 0.20 USD, booked once.
    expect(await storedOf(chatId, talent.id)).toEqual({ messages: 1, counted: 1, replyJobs: 1, grossSendMessage: 200_000 });

    // A new key is a new message, charged as usual.
    await fan.client.chat.send.mutate({ chatId, text: 'Did you get this?', idempotencyKey: randomUUID() });
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 6 });
  });

  it('stores and charges once when the same send arrives several times at the same moment', async () => {
    const { talent, tag } = await createTalent(api, { creditsToSendMessage: 2 });
    const { fan, userId, chatId } = await signedInFan(api, 'twice@test.dev', tag, { credits: 0, paidCredits: 10 });
    const idempotencyKey = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fan.client.chat.send.mutate({ chatId, text: 'hello?', idempotencyKey })),
    );

    expect(new Set(answers.map((answer) => answer.message.id)).size).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 8 });
    expect(await storedOf(chatId, talent.id)).toEqual({ messages: 1, counted: 1, replyJobs: 1, grossSendMessage: 200_000 });
  });

  it('answers a repeated send with the twin’s immediate answer it got the first time', async () => {
    const { tag } = await createTalent(api);
    const { fan, chatId } = await signedInFan(api, 'broke@test.dev', tag, { credits: 0, paidCredits: 0 });
    const idempotencyKey = randomUUID();

    const first = await fan.client.chat.send.mutate({ chatId, text: 'still there?', idempotencyKey });
    const repeated = await fan.client.chat.send.mutate({ chatId, text: 'still there?', idempotencyKey });

    expect(first.reply).toMatchObject({ senderType: 'TALENT', text: 'CHECKOUT: get more credits' });
    expect(repeated).toEqual(first);
    expect(await messagesOf(api, chatId)).toHaveLength(2);
  });

  it('refuses a key sent again with other words, and changes nothing', async () => {
    const { talent, tag } = await createTalent(api);
    const { fan, userId, chatId } = await signedInFan(api, 'changed@test.dev', tag, { credits: 0, paidCredits: 5 });
    const idempotencyKey = randomUUID();
    await fan.client.chat.send.mutate({ chatId, text: 'first words', idempotencyKey });

    const refused = await failure(fan.client.chat.send.mutate({ chatId, text: 'other words', idempotencyKey }));

    expect(refused).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already used for a different message/) });
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 4 });
    expect(await storedOf(chatId, talent.id)).toMatchObject({ messages: 1, counted: 1, replyJobs: 1 });
  });

  it('refuses a send without a key, and shows nobody else’s message for a known key', async () => {
    const { tag } = await createTalent(api);
    const { fan, chatId } = await signedInFan(api, 'keyless@test.dev', tag, { credits: 0, paidCredits: 5 });
    const keyless = { chatId, text: 'no key' } as { chatId: string; text: string; idempotencyKey: string };
    const missing = await failure(fan.client.chat.send.mutate(keyless));
    expect(missing).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/idempotency key/) });
    expect(await messagesOf(api, chatId)).toHaveLength(0);

    const idempotencyKey = randomUUID();
    await fan.client.chat.send.mutate({ chatId, text: 'mine', idempotencyKey });
    const stranger = await signIn(api, 'stranger@test.dev');
    const replayed = await failure(stranger.client.chat.send.mutate({ chatId, text: 'mine', idempotencyKey }));
    expect(replayed.code).toBe('NOT_FOUND');
  });

  it('keeps both messages when signing in merges a chat whose message used the same key', async () => {
    const { tag } = await createTalent(api);
    const email = 'merged-keys@test.dev';
    const account = await signIn(api, email);
    const accountChat = (await account.client.chat.open.mutate({ talentTag: tag })).chat.id;
    const idempotencyKey = randomUUID();
    await account.client.chat.send.mutate({ chatId: accountChat, text: 'from the account', idempotencyKey });

    const browser = createCaller(api);
    const anonymousChat = (await browser.client.chat.open.mutate({ talentTag: tag })).chat.id;
    await browser.client.chat.send.mutate({ chatId: anonymousChat, text: 'signed out', idempotencyKey });
    const token = await requestSignInToken(api, browser, email);
    await browser.client.auth.signInWithLink.mutate({ email, token });

    const fanMessages = (await messagesOf(api, accountChat)).filter((message) => message.senderType === 'USER');
    const texts = fanMessages.map((message) => message.text).sort();
    expect(texts).toEqual(['from the account', 'signed out']);
  });
});
