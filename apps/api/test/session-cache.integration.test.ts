// The in-process session cache (apps/api/src/trpc/session-cache.ts): only the fan's hot path reads
// it, it never outlives what ends a session in this process, and a session ended elsewhere stops
// working once the cache's few seconds are up.
import { randomUUID } from 'node:crypto';
import { sessions } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCacheMs } from '../src/trpc/session-cache.ts';
import { createTalent, signedInFan, startChatApi } from './chat-fixtures.ts';
import { type Api, requestSignInToken } from './harness.ts';

let api: Api;
let tag: string;
beforeAll(async () => {
  ({ api } = await startChatApi());
  ({ tag } = await createTalent(api));
});
afterAll(() => api?.close());

/** A chat.send with the given cookie, as a browser that kept it would send; its HTTP status. */
async function sendWith(cookie: string | undefined, chatId: string): Promise<number> {
  const response = await fetch(`${api.url}/trpc/chat.send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie ?? '' },
    body: JSON.stringify({ chatId, text: 'Still there?', idempotencyKey: randomUUID() }),
  });
  await response.body?.cancel();
  return response.status;
}

/** A signed-in fan with a chat, whose session the cache holds after one send. */
async function cachedFan(email: string) {
  const fan = await signedInFan(api, email, tag, { credits: 0, paidCredits: 100 });
  expect(await sendWith(fan.fan.cookie(), fan.chatId)).toBe(200);
  return fan;
}

describe('session cache', () => {
  it('signs out at once: the old cookie sends no more, even just after a send answered from the cache', async () => {
    const { fan, chatId } = await cachedFan('leaving-cached@test.dev');
    const oldCookie = fan.cookie();
    expect(await sendWith(oldCookie, chatId)).toBe(200);
    await fan.client.auth.signOut.mutate();
    expect(await sendWith(oldCookie, chatId)).toBe(401);
  });

  it('ends the session a new sign-in in the same browser replaces, at once', async () => {
    const { fan, chatId } = await cachedFan('switching@test.dev');
    const oldCookie = fan.cookie();
    const token = await requestSignInToken(api, fan, 'switching@test.dev');
    await fan.client.auth.signInWithLink.mutate({ email: 'switching@test.dev', token });
    expect(fan.cookie()).not.toBe(oldCookie);
    expect(await sendWith(oldCookie, chatId)).toBe(401);
    expect(await sendWith(fan.cookie(), chatId)).toBe(200);
  });

  it('leaves other calls to the database: a session ended elsewhere is gone for them at once, for sends within the cache time', async () => {
    const { fan, userId, chatId } = await cachedFan('elsewhere@test.dev');
    expect(api.server.sessionCache.size()).toBeGreaterThan(0);
    // Signed out on another API process: the row is gone, this process was not told.
    await api.database.db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await fan.client.auth.me.query()).toBeNull();
    await vi.waitFor(async () => expect(await sendWith(fan.cookie(), chatId)).toBe(401), {
      timeout: sessionCacheMs + 5_000,
      interval: 100,
    });
  });
});
