// Issue 17, items 3 and 4: signing in merges an anonymous fan's chats and credits only into a
// sign-in their own browser started (a link someone else sent them merges nothing), and free
// credits are granted once per person however many anonymous fans merge into one account.
import { randomUUID } from 'node:crypto';
import { chats, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTalent, failure, freeCredits, setBalance, startChatApi, userIdOf } from './chat-fixtures.ts';
import { type Api, createCaller, requestSignInToken, signIn } from './harness.ts';

let api: Api;
beforeAll(async () => {
  ({ api } = await startChatApi());
});
afterAll(() => api?.close());

/** A browser that opened the twin's chat signed out and sent one message: an anonymous fan. */
async function anonymousFanWithChat(tag: string) {
  const browser = createCaller(api);
  const opened = await browser.client.chat.open.mutate({ talentTag: tag });
  await browser.client.chat.send.mutate({ chatId: opened.chat.id, text: 'something private', idempotencyKey: randomUUID() });
  const id = (await browser.client.auth.me.query())?.id as string;
  return { browser, chatId: opened.chat.id, id, cookie: browser.cookie() };
}

async function ownerOfChat(chatId: string): Promise<string | undefined> {
  const [row] = await api.database.db.select({ userId: chats.userId }).from(chats).where(eq(chats.id, chatId));
  return row?.userId;
}

async function meWithCookie(cookie: string | undefined): Promise<unknown> {
  const response = await fetch(`${api.url}/trpc/auth.me`, { headers: { cookie: cookie ?? '' } });
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

describe('login CSRF: a link opened by someone else merges nothing', () => {
  it('signs a fan who opens another person’s magic link in without handing over their chats or credits', async () => {
    const { tag } = await createTalent(api);
    // The attacker asks for a link to their own account, from a browser that holds an anonymous fan too.
    const attackerBrowser = createCaller(api);
    await attackerBrowser.client.chat.open.mutate({ talentTag: tag });
    const attackerToken = await requestSignInToken(api, attackerBrowser, 'attacker@example.com');
    const plainToken = await requestSignInToken(api, createCaller(api), 'attacker@example.com');

    for (const token of [attackerToken, plainToken]) {
      const victim = await anonymousFanWithChat(tag);
      const me = await victim.browser.client.auth.signInWithLink.mutate({ email: 'attacker@example.com', token });
      const attackerId = await userIdOf(api, 'attacker@example.com');
      expect(me?.id).toBe(attackerId);

      // The victim's chat and remaining free credits stay with their anonymous fan, now signed out.
      expect(await ownerOfChat(victim.chatId)).toBe(victim.id);
      expect(await balanceOf(api, victim.id)).toEqual({ credits: freeCredits - 1, paidCredits: 0 });
      expect(await meWithCookie(victim.cookie)).toBeNull();
      // The account owner cannot read the victim's chat, and got none of the credits.
      const attacker = await signIn(api, 'attacker@example.com');
      expect((await failure(attacker.client.chat.messages.query({ chatId: victim.chatId }))).code).toBe('NOT_FOUND');
      expect(await balanceOf(api, attackerId)).toEqual({ credits: 0, paidCredits: 0 });
    }
  });

  it('does not merge the anonymous fan of a browser that opens a manager’s chat link', async () => {
    const [manager] = await api.database.db.insert(users).values({ email: 'manager@example.com', name: 'Manager' }).returning();
    const { talent, tag } = await createTalent(api, { managerIds: [manager?.id as string] });
    const managerBrowser = await signIn(api, 'manager@example.com');
    const { url } = await managerBrowser.client.talent.chatAuth.createToken.mutate({ talentId: talent.id });
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';

    const victim = await anonymousFanWithChat(tag);
    const signedIn = await victim.browser.client.talent.chatAuth.signIn.mutate({ token });
    expect(signedIn.me.id).toBe(manager?.id);
    expect(await ownerOfChat(victim.chatId)).toBe(victim.id);
    expect(await balanceOf(api, victim.id)).toEqual({ credits: freeCredits - 1, paidCredits: 0 });
    expect(await balanceOf(api, manager?.id as string)).toEqual({ credits: 0, paidCredits: 0 });
    const reopened = await victim.browser.client.chat.open.mutate({ talentTag: tag });
    expect(reopened.chat.id).not.toBe(victim.chatId);
    expect(reopened.isAnonymous).toBe(false);
  });

  it("keeps the session of the manager's own browser that spends the link, so its other requests stay signed in", async () => {
    const [manager] = await api.database.db.insert(users).values({ email: 'same@example.com', name: 'Same' }).returning();
    const { talent } = await createTalent(api, { managerIds: [manager?.id as string] });
    const browser = await signIn(api, 'same@example.com');
    const before = browser.cookie();
    const { url } = await browser.client.talent.chatAuth.createToken.mutate({ talentId: talent.id });
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    const signedIn = await browser.client.talent.chatAuth.signIn.mutate({ token });
    expect(signedIn.me.id).toBe(manager?.id);
    expect(browser.cookie()).toBe(before);
    // A request still carrying the cookie from before the link is signed in as ever, and clears nothing.
    const me = await fetch(`${api.url}/trpc/auth.me`, { headers: { cookie: before ?? '' } });
    expect(((await me.json()) as { result: { data: { id?: string } | null } }).result.data?.id).toBe(manager?.id);
    expect(me.headers.get('set-cookie')).toBeNull();
    // The link works once.
    await expect(browser.client.talent.chatAuth.signIn.mutate({ token })).rejects.toThrow();
  });

  it('still merges the anonymous fan whose own browser asked for the link', async () => {
    const { tag } = await createTalent(api);
    const fan = await anonymousFanWithChat(tag);
    const token = await requestSignInToken(api, fan.browser, 'keeper@example.com');
    const me = await fan.browser.client.auth.signInWithLink.mutate({ email: 'keeper@example.com', token });
    expect(await ownerOfChat(fan.chatId)).toBe(me?.id);
    expect(await balanceOf(api, me?.id as string)).toEqual({ credits: freeCredits - 1, paidCredits: 0 });
  });
});

describe('free credits once per person', () => {
  it('gives an account the free credits of its first anonymous fan only, and keeps every paid credit', async () => {
    const email = 'stacker@example.com';
    const talentTags = [(await createTalent(api)).tag, (await createTalent(api)).tag, (await createTalent(api)).tag];
    const fans = [];
    for (const tag of talentTags) {
      const browser = createCaller(api);
      const opened = await browser.client.chat.open.mutate({ talentTag: tag });
      fans.push({ browser, chatId: opened.chat.id, id: (await browser.client.auth.me.query())?.id as string });
    }
    // The second fan bought credits before signing in: those are theirs to keep.
    await setBalance(api, fans[1]?.id as string, freeCredits, 4);

    for (const fan of fans) {
      const token = await requestSignInToken(api, fan.browser, email);
      await fan.browser.client.auth.signInWithLink.mutate({ email, token });
    }
    const accountId = await userIdOf(api, email);
    expect(await balanceOf(api, accountId)).toEqual({ credits: freeCredits, paidCredits: 4 });
    for (const fan of fans) {
      expect(await ownerOfChat(fan.chatId)).toBe(accountId);
      expect(await balanceOf(api, fan.id)).toEqual({ credits: 0, paidCredits: 0 });
    }
    const [account] = await api.database.db.select().from(users).where(eq(users.id, accountId));
    expect(account?.freeCreditsGrantedAt).not.toBeNull();
  });
});
