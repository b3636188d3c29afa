// The fan's side of the chat engine over real HTTP: opening a chat as an anonymous fan, sending
// (charges, immediate answers, reply jobs, counters, earnings), concurrency, paging, and keeping
// the chat through sign-in.
import { randomUUID } from 'node:crypto';
import { chatMessages, chats, devOutboxEmails, newId, users } from '@doppel/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createTalent,
  failure,
  freeCredits,
  messagesOf,
  metricsOf,
  replyJobsOf,
  setBalance,
  startChatApi,
  totalFrame,
  userIdOf,
} from './chat-fixtures.ts';
import { type Api, createCaller, signIn } from './harness.ts';

let api: Api;
beforeAll(async () => {
  ({ api } = await startChatApi());
});
afterAll(() => api?.close());

describe('chat.open', () => {
  it('opens a chat as an anonymous fan: session cookie, free credits, welcome messages and starters', async () => {
    const welcomeId = newId();
    const { talent, tag } = await createTalent(api, {
      chatMessageSuggestions: [
        { id: 's1', text: 'Hi?', answer: 'Hello from the starter!' },
        { id: 's2', text: 'Where are you?' },
      ],
      initialChatMessages: [
        {
          id: welcomeId,
          text: 'Welcome!',
          attachments: [{ type: 'IMAGE', filePath: 'welcome/a.jpg', dimensions: { width: 10, height: 20 }, isUnlocked: true }],
        },
      ],
    });
    const fan = createCaller(api);
    const opened = await fan.client.chat.open.mutate({ talentTag: `@${tag.toUpperCase()}` });
    expect(fan.cookie()).toMatch(/^doppel_session=/);
    expect(opened.isAnonymous).toBe(true);
    expect(opened.balance).toEqual({ credits: freeCredits, paidCredits: 0 });
    expect(opened.chat.talentId).toBe(talent.id);
    expect(opened.talent).toMatchObject({ id: talent.id, tag, creditsToSendMessage: 1, creditsToUnlockFirstImage: 2 });
    expect(opened.starters).toEqual([
      { id: 's1', text: 'Hi?' },
      { id: 's2', text: 'Where are you?' },
    ]);
    expect(opened.welcomeMessages).toEqual([
      {
        id: welcomeId,
        text: 'Welcome!',
        attachments: [
          {
            id: `${welcomeId}.0`,
            type: 'IMAGE',
            isUnlocked: true,
            url: `/media/static/${talent.id}/${welcomeId}.0`,
            width: 10,
            height: 20,
            price: 0,
          },
        ],
      },
    ]);
    const me = await fan.client.auth.me.query();
    expect(me?.isAnonymous).toBe(true);

    // Opening again finds the same chat and does not make another fan.
    const again = await fan.client.chat.open.mutate({ talentTag: tag });
    expect(again.chat.id).toBe(opened.chat.id);
    expect(
      await api.database.db
        .select()
        .from(chats)
        .where(eq(chats.userId, me?.id ?? '')),
    ).toHaveLength(1);
  });

  it('answers an unknown twin with NOT_FOUND', async () => {
    expect((await failure(createCaller(api).client.chat.open.mutate({ talentTag: 'nobody_here' }))).code).toBe('NOT_FOUND');
  });
});

describe('chat.send', () => {
  it('charges free credits first, then paid ones, and books earnings for the paid part only', async () => {
    const { talent, referrer, tag } = await createTalent(api, { creditsToSendMessage: 2 });
    const fan = await signIn(api, 'payer@test.dev');
    const fanId = await userIdOf(api, 'payer@test.dev');
    await setBalance(api, fanId, 1, 3);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });

    const first = await fan.client.chat.send.mutate({ chatId: chat.id, text: 'hello', idempotencyKey: randomUUID() });
    expect(first.balance).toEqual({ credits: 0, paidCredits: 2 });
    expect(first.reply).toBeUndefined();
    expect(first.message).toMatchObject({ senderType: 'USER', text: 'hello', attachments: [], reaction: null });
    // 1 paid credit = 0.10 USD: gross 100,000 micro-USD, the talent's 60 %, the referrer's 3 %.
    expect(await totalFrame(api, talent.id)).toMatchObject({
      grossSendMessage: 100_000,
      netSendMessage: 60_000,
      grossTotal: 100_000,
    });
    expect(await totalFrame(api, referrer.id)).toMatchObject({ grossReferral: 3_000, netReferral: 3_000 });

    const second = await fan.client.chat.send.mutate({ chatId: chat.id, text: 'again', idempotencyKey: randomUUID() });
    expect(second.balance).toEqual({ credits: 0, paidCredits: 0 });
    expect(await totalFrame(api, talent.id)).toMatchObject({ grossSendMessage: 300_000, netSendMessage: 180_000 });
    expect(await totalFrame(api, referrer.id)).toMatchObject({ grossReferral: 9_000 });

    // Broke: stored, answered at once with the checkout message (no subscription), nothing charged.
    const third = await fan.client.chat.send.mutate({ chatId: chat.id, text: 'one more', idempotencyKey: randomUUID() });
    expect(third.balance).toEqual({ credits: 0, paidCredits: 0 });
    expect(third.reply).toMatchObject({ senderType: 'TALENT', text: 'CHECKOUT: get more credits' });
    expect(await totalFrame(api, talent.id)).toMatchObject({ grossSendMessage: 300_000 });

    const jobs = await replyJobsOf(api, chat.id);
    expect(jobs.map((job) => job.messageId).sort()).toEqual([first.message.id, second.message.id].sort());
    const [row] = await api.database.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row).toMatchObject({
      chatMessageCount: 4,
      hasUserInteraction: true,
      hasUserInteractionWithNonAnonymousUser: true,
      hasUserInteractionWithPaidCredits: true,
      hasUserInteractionWithSubscription: false,
      hasUserInteractionWithManager: false,
    });
    expect(await metricsOf(api, talent.id)).toMatchObject({ chatWithAuthenticationCount: 1, chatWithPaymentCount: 1 });
  });

  it('turns 100 concurrent sends with a balance covering exactly 10 into 10 charged messages, 10 reply jobs and one out-of-credits answer', async () => {
    const { talent, referrer, tag } = await createTalent(api, { creditsToSendMessage: 1 });
    const fan = await signIn(api, 'burst@test.dev');
    const fanId = await userIdOf(api, 'burst@test.dev');
    await setBalance(api, fanId, 4, 6);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });

    const settled = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        fan.client.chat.send.mutate({ chatId: chat.id, text: `message ${index}`, idempotencyKey: randomUUID() }),
      ),
    );
    const results = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const charged = results.filter((result) => result.reply === undefined);
    const answered = results.filter((result) => result.reply !== undefined);
    expect(charged).toHaveLength(10);
    // The twin says it once; the sends after that are refused and store nothing (issue 26 item 8).
    expect(answered).toHaveLength(1);
    expect(answered[0]?.reply?.text).toBe('CHECKOUT: get more credits');
    const refusals = settled.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as { data?: { appCode?: string } }] : [],
    );
    expect(refusals).toHaveLength(89);
    for (const refusal of refusals) expect(refusal.data?.appCode).toBe('INSUFFICIENT_CREDITS');
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 0 });

    const jobs = await replyJobsOf(api, chat.id);
    expect(jobs).toHaveLength(10);
    expect(new Set(jobs.map((job) => job.messageId))).toEqual(new Set(charged.map((result) => result.message.id)));

    const messages = await messagesOf(api, chat.id);
    expect(messages.filter((message) => message.senderType === 'USER')).toHaveLength(11);
    expect(messages.filter((message) => message.senderType === 'TALENT')).toHaveLength(1);
    const [row] = await api.database.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row?.chatMessageCount).toBe(12);
    // Free credits (4) earn nothing; the 6 paid ones are 600,000 micro-USD gross.
    expect(await totalFrame(api, talent.id)).toMatchObject({
      grossSendMessage: 600_000,
      netSendMessage: 360_000,
      grossTotal: 600_000,
      netTotal: 360_000,
    });
    expect(await totalFrame(api, referrer.id)).toMatchObject({ grossReferral: 18_000, netReferral: 18_000 });
    expect(await metricsOf(api, talent.id)).toMatchObject({ chatWithAuthenticationCount: 1, chatWithPaymentCount: 1 });

    // Pages of 50, newest first, without overlaps, down to the first message (178 older ones added).
    const start = Date.parse(messages[0]?.createdAt.toISOString() ?? '') - 1_000_000;
    await api.database.db.insert(chatMessages).values(
      Array.from({ length: 178 }, (_, index) => ({
        chatId: chat.id,
        senderType: 'TALENT' as const,
        text: `older ${index}`,
        createdAt: new Date(start + index * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await fan.client.chat.messages.query({ chatId: chat.id, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((item) => item.id));
      for (let i = 1; i < page.items.length; i += 1) {
        expect((page.items[i - 1]?.createdAt ?? '') >= (page.items[i]?.createdAt ?? '')).toBe(true);
      }
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(190);
  });

  it('asks an anonymous fan to sign in and a signed-in fan to subscribe when the twin sells a subscription', async () => {
    const { tag } = await createTalent(api, { subscriptionProductId: 'product-1' });
    const anonymous = createCaller(api);
    const { chat } = await anonymous.client.chat.open.mutate({ talentTag: tag });
    for (let i = 0; i < freeCredits; i += 1) {
      expect(
        (await anonymous.client.chat.send.mutate({ chatId: chat.id, text: `free ${i}`, idempotencyKey: randomUUID() })).reply,
      ).toBeUndefined();
    }
    const broke = await anonymous.client.chat.send.mutate({ chatId: chat.id, text: 'and now?', idempotencyKey: randomUUID() });
    expect(broke.reply?.text).toBe('AUTH: sign in to keep chatting');
    expect(broke.balance).toEqual({ credits: 0, paidCredits: 0 });
    expect(await replyJobsOf(api, chat.id)).toHaveLength(freeCredits);

    const signedIn = await signIn(api, 'subscriber@test.dev');
    await setBalance(api, await userIdOf(api, 'subscriber@test.dev'), 0, 0);
    const opened = await signedIn.client.chat.open.mutate({ talentTag: tag });
    const answer = await signedIn.client.chat.send.mutate({ chatId: opened.chat.id, text: 'hi', idempotencyKey: randomUUID() });
    expect(answer.reply?.text).toBe('SUBSCRIPTION: join my club');
    expect(await replyJobsOf(api, opened.chat.id)).toHaveLength(0);
  });

  it('answers a starter with a static answer at once, charged, without a reply job', async () => {
    const { tag } = await createTalent(api, {
      chatMessageSuggestions: [
        { id: 'static', text: 'Hi?', answer: 'Hello from the starter!' },
        { id: 'ai', text: 'Where are you?' },
      ],
    });
    const fan = createCaller(api);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });
    const answered = await fan.client.chat.send.mutate({
      chatId: chat.id,
      text: 'Hi?',
      suggestionId: 'static',
      idempotencyKey: randomUUID(),
    });
    expect(answered.reply).toMatchObject({ senderType: 'TALENT', text: 'Hello from the starter!' });
    expect(answered.balance).toEqual({ credits: freeCredits - 1, paidCredits: 0 });
    expect(await replyJobsOf(api, chat.id)).toHaveLength(0);

    const byModel = await fan.client.chat.send.mutate({
      chatId: chat.id,
      text: 'Where are you?',
      suggestionId: 'ai',
      idempotencyKey: randomUUID(),
    });
    expect(byModel.reply).toBeUndefined();
    expect(await replyJobsOf(api, chat.id)).toEqual([{ chatId: chat.id, messageId: byModel.message.id }]);
  });

  it('lets only the chat’s fan send, and only its fan, managers and admins read it', async () => {
    const managerId = await userIdOf(api, 'payer@test.dev');
    const { tag } = await createTalent(api, { managerIds: [managerId] });
    const fan = createCaller(api);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });
    await fan.client.chat.send.mutate({ chatId: chat.id, text: 'mine', idempotencyKey: randomUUID() });

    const stranger = createCaller(api);
    await stranger.client.chat.open.mutate({ talentTag: tag });
    expect(
      (await failure(stranger.client.chat.send.mutate({ chatId: chat.id, text: 'not mine', idempotencyKey: randomUUID() }))).code,
    ).toBe('NOT_FOUND');
    expect((await failure(stranger.client.chat.messages.query({ chatId: chat.id }))).code).toBe('NOT_FOUND');

    const manager = await signIn(api, 'payer@test.dev');
    expect((await manager.client.chat.messages.query({ chatId: chat.id })).items).toHaveLength(1);
    expect(
      (await failure(manager.client.chat.send.mutate({ chatId: chat.id, text: 'as manager', idempotencyKey: randomUUID() })))
        .code,
    ).toBe('FORBIDDEN');
    expect((await failure(fan.client.chat.send.mutate({ chatId: chat.id, text: ' ', idempotencyKey: randomUUID() }))).code).toBe(
      'BAD_REQUEST',
    );
  });
});

describe('signing in keeps the chat', () => {
  it('moves the anonymous fan’s chat, messages and remaining free credits to the account (magic link)', async () => {
    const { tag } = await createTalent(api);
    const fan = createCaller(api);
    const opened = await fan.client.chat.open.mutate({ talentTag: tag });
    const sent = await fan.client.chat.send.mutate({
      chatId: opened.chat.id,
      text: 'before signing in',
      idempotencyKey: randomUUID(),
    });
    const anonymousId = (await fan.client.auth.me.query())?.id ?? '';

    // The account already has a chat with the same twin and 5 paid credits: messages move into it.
    const account = await signIn(api, 'merger@test.dev');
    const accountId = await userIdOf(api, 'merger@test.dev');
    await setBalance(api, accountId, 0, 5);
    const accountChat = await account.client.chat.open.mutate({ talentTag: tag });
    await account.client.chat.send.mutate({
      chatId: accountChat.chat.id,
      text: 'from the account',
      idempotencyKey: randomUUID(),
    });

    await fan.client.auth.requestSignInLink.mutate({ email: 'merger@test.dev' });
    const [mail] = await api.database.db
      .select()
      .from(devOutboxEmails)
      .where(eq(devOutboxEmails.to, 'merger@test.dev'))
      .orderBy(desc(devOutboxEmails.createdAt))
      .limit(1);
    const token = new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
    const me = await fan.client.auth.signInWithLink.mutate({ email: 'merger@test.dev', token });
    expect(me?.id).toBe(accountId);

    const reopened = await fan.client.chat.open.mutate({ talentTag: tag });
    expect(reopened.chat.id).toBe(accountChat.chat.id);
    expect(reopened.isAnonymous).toBe(false);
    // 5 paid - 1 for the account's message, + the anonymous fan's 2 remaining free credits.
    expect(reopened.balance).toEqual({ credits: freeCredits - 1, paidCredits: 4 });
    const page = await fan.client.chat.messages.query({ chatId: reopened.chat.id });
    expect(page.items.map((item) => item.text).sort()).toEqual(['before signing in', 'from the account']);
    expect(page.items.some((item) => item.id === sent.message.id)).toBe(true);
    expect(await balanceOf(api, anonymousId)).toEqual({ credits: 0, paidCredits: 0 });
    expect(await api.database.db.select().from(chats).where(eq(chats.userId, anonymousId))).toHaveLength(0);
    const [row] = await api.database.db.select().from(chats).where(eq(chats.id, accountChat.chat.id));
    expect(row?.chatMessageCount).toBe(2);
  });

  it('moves the whole chat when the account has none with that twin', async () => {
    const { tag } = await createTalent(api);
    const fan = createCaller(api);
    const opened = await fan.client.chat.open.mutate({ talentTag: tag });
    await fan.client.chat.send.mutate({ chatId: opened.chat.id, text: 'hello', idempotencyKey: randomUUID() });
    await api.database.db.insert(users).values({ email: 'newcomer@test.dev', name: 'Newcomer' });
    await fan.client.auth.requestSignInLink.mutate({ email: 'newcomer@test.dev' });
    const [mail] = await api.database.db.select().from(devOutboxEmails).where(eq(devOutboxEmails.to, 'newcomer@test.dev'));
    const token = new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
    await fan.client.auth.signInWithLink.mutate({ email: 'newcomer@test.dev', token });
    const reopened = await fan.client.chat.open.mutate({ talentTag: tag });
    expect(reopened.chat.id).toBe(opened.chat.id);
    expect(reopened.balance).toEqual({ credits: freeCredits - 1, paidCredits: 0 });
  });
});
