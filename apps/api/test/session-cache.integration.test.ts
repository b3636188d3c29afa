// The in-process session cache (apps/api/src/trpc/session-cache.ts) never outlives what ends a
// session or changes its user in this process, and a session ended elsewhere stops working once
// the cache's few seconds are up.
import { sessions, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCacheMs } from '../src/trpc/session-cache.ts';
import { type Api, type Caller, refusal, requestSignInToken, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
});
afterAll(() => api.close());

/** auth.me with the given cookie, as a browser that kept an old cookie would ask. */
async function meWith(cookie: string | undefined): Promise<unknown> {
  const response = await fetch(`${api.url}/trpc/auth.me`, { headers: { cookie: cookie ?? '' } });
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

/** Signs in and asks once, so the session is in the cache. */
async function cachedSignIn(email: string): Promise<Caller> {
  const caller = await signIn(api, email);
  expect(await caller.client.auth.me.query()).toMatchObject({ email });
  return caller;
}

describe('session cache', () => {
  it('keeps a signed-in session without asking the database on every call', async () => {
    await cachedSignIn('cached@example.com');
    expect(api.server.sessionCache.size()).toBeGreaterThan(0);
  });

  it('signs out at once: the old token no longer works, even just after it was answered from the cache', async () => {
    const caller = await cachedSignIn('leaving-cached@example.com');
    const oldCookie = caller.cookie();
    expect(await meWith(oldCookie)).toMatchObject({ email: 'leaving-cached@example.com' });
    await caller.client.auth.signOut.mutate();
    expect(await meWith(oldCookie)).toBeNull();
  });

  it('ends the session a new sign-in replaces at once', async () => {
    const caller = await cachedSignIn('switching@example.com');
    const oldCookie = caller.cookie();
    // The same browser signs in again: its old session is replaced.
    const token = await requestSignInToken(api, caller, 'switching@example.com');
    await caller.client.auth.signInWithLink.mutate({ email: 'switching@example.com', token });
    expect(caller.cookie()).not.toBe(oldCookie);
    expect(await meWith(oldCookie)).toBeNull();
    expect(await meWith(caller.cookie())).toMatchObject({ email: 'switching@example.com' });
  });

  it('shows a role an admin changed on the very next call', async () => {
    const fan = await cachedSignIn(people.fan.email as string);
    expect((await refusal(fan.client.admin.users.list.query({}))).code).toBe('FORBIDDEN');
    const admin = await signIn(api, people.admin.email as string);
    await admin.client.admin.users.update.mutate({
      id: people.fan.id,
      name: 'Fan',
      email: people.fan.email,
      role: 'ADMIN',
      waitlistStatus: null,
      credits: people.fan.credits,
    });
    expect(await fan.client.auth.me.query()).toMatchObject({ role: 'ADMIN' });
    await api.database.db.update(users).set({ role: 'USER' }).where(eq(users.id, people.fan.id));
    api.server.sessionCache.forgetAll();
  });

  it('stops a session ended on another process (its row deleted) within the cache time', async () => {
    const caller = await cachedSignIn('elsewhere@example.com');
    const [row] = await api.database.db.select({ userId: users.id }).from(users).where(eq(users.email, 'elsewhere@example.com'));
    await api.database.db.delete(sessions).where(eq(sessions.userId, row?.userId ?? ''));
    await vi.waitFor(async () => expect(await caller.client.auth.me.query()).toBeNull(), {
      timeout: sessionCacheMs + 5_000,
      interval: 100,
    });
  });
});
