// Issue 17, item 4: anonymous fans, each holding free credits, are limited per address, and a
// refused or failed chat.open leaves no anonymous fan behind.
import { users } from '@doppel/db';
import { anonymousAddressHash, anonymousFanLimits, tooManyAnonymousFansMessage } from '@doppel/domain/chat';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent, failure } from './chat-fixtures.ts';
import { type Api, createCaller, signIn, startApi } from './harness.ts';

let api: Api;
let tag: string;
beforeAll(async () => {
  // Behind a trusted proxy (loopback here), each test speaks from its own address (X-Forwarded-For).
  api = await startApi({ env: { TRUST_PROXY: '127.0.0.1', FAN_FREE_CREDITS: '10' } });
  ({ tag } = await createTalent(api));
});
afterAll(() => api.close());

async function anonymousFansFrom(address: string) {
  return api.database.db
    .select()
    .from(users)
    .where(and(eq(users.isAnonymous, true), eq(users.createdFromAddressHash, anonymousAddressHash(address))));
}

describe('anonymous fans per address', () => {
  it(`creates at most ${anonymousFanLimits.perAddress} anonymous fans for one address, even 25 at once`, async () => {
    const address = '198.51.100.7';
    const browsers = Array.from({ length: 25 }, () => createCaller(api, { forwardedFor: address }));
    const results = await Promise.allSettled(browsers.map((browser) => browser.client.chat.open.mutate({ talentTag: tag })));
    const opened = results.filter((result) => result.status === 'fulfilled');
    expect(opened).toHaveLength(anonymousFanLimits.perAddress);
    const refused = await Promise.all(
      results.flatMap((result) => (result.status === 'rejected' ? [failure(Promise.reject(result.reason))] : [])),
    );
    expect(refused).toHaveLength(25 - anonymousFanLimits.perAddress);
    for (const error of refused) {
      expect(error).toEqual({ code: 'TOO_MANY_REQUESTS', appCode: 'RATE_LIMITED', message: tooManyAnonymousFansMessage });
    }
    // Refused browsers got no session; the fans that exist hold the free credits once each.
    expect(browsers.filter((browser) => browser.cookie() !== undefined)).toHaveLength(anonymousFanLimits.perAddress);
    const fans = await anonymousFansFrom(address);
    expect(fans).toHaveLength(anonymousFanLimits.perAddress);
    expect(fans.every((fan) => fan.credits === 10 && fan.freeCreditsGrantedAt !== null)).toBe(true);

    // Another address is not held back, and a signed-in fan behind the limited one still chats.
    await createCaller(api, { forwardedFor: '198.51.100.8' }).client.chat.open.mutate({ talentTag: tag });
    const member = await signIn(api, 'member@example.com');
    const memberChat = await member.client.chat.open.mutate({ talentTag: tag });
    expect(memberChat.isAnonymous).toBe(false);
  });

  it('counts only the window: once the earlier fans are older than it, the address may make new ones', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < anonymousFanLimits.perAddress; i++) {
      await createCaller(api, { forwardedFor: address }).client.chat.open.mutate({ talentTag: tag });
    }
    const refused = await failure(createCaller(api, { forwardedFor: address }).client.chat.open.mutate({ talentTag: tag }));
    expect(refused.appCode).toBe('RATE_LIMITED');
    await api.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - anonymousFanLimits.windowMs - 1000) })
      .where(eq(users.createdFromAddressHash, anonymousAddressHash(address)));
    const opened = await createCaller(api, { forwardedFor: address }).client.chat.open.mutate({ talentTag: tag });
    expect(opened.isAnonymous).toBe(true);
  });

  it('leaves no anonymous fan and no session behind when the chat cannot be opened', async () => {
    const address = '198.51.100.10';
    const browser = createCaller(api, { forwardedFor: address });
    expect((await failure(browser.client.chat.open.mutate({ talentTag: 'nobody_here' }))).code).toBe('NOT_FOUND');
    expect(browser.cookie()).toBeUndefined();
    expect(await anonymousFansFrom(address)).toEqual([]);
  });
});
