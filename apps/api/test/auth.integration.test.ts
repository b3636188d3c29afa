import { signInTokens } from '@doppel/db';
import { hashSecret } from '@doppel/domain/auth';
import type { TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, createCaller, signIn, startApi } from './harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function latestLinkToken(email: string): Promise<string> {
  const rows = await api.database.sql<{ link: string }[]>`
    select link from dev_outbox_emails where "to" = ${email} order by created_at desc limit 1`;
  const token = new URL(rows[0]?.link ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error('no link in the outbox');
  return token;
}

function errorOf(promise: Promise<unknown>): Promise<TRPCClientError<never>> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as TRPCClientError<never>,
  );
}

describe('magic-link sign-in', () => {
  it('signs in with a link from the outbox, normalising the email, and creates the account once', async () => {
    const caller = createCaller(api);
    const sent = await caller.client.auth.requestSignInLink.mutate({ email: '  New.Person@Example.COM ' });
    expect(sent).toEqual({ sent: true, devOutbox: true });
    const token = await latestLinkToken('new.person@example.com');
    const me = await caller.client.auth.signInWithLink.mutate({ email: 'new.person@example.com', token });
    expect(me).toMatchObject({ email: 'new.person@example.com', role: 'USER', waitlistStatus: null, managedTalentIds: [] });
    expect(caller.cookie()).toMatch(/^doppel_session=[a-z0-9]+\.[a-z0-9]+$/);
    expect((await caller.client.auth.me.query())?.id).toBe(me?.id);
    const again = await signIn(api, 'new.person@example.com');
    expect((await again.client.auth.me.query())?.id).toBe(me?.id);
  });

  it('stores only a hash of the link token', async () => {
    const caller = createCaller(api);
    await caller.client.auth.requestSignInLink.mutate({ email: 'hash@example.com' });
    const token = await latestLinkToken('hash@example.com');
    const rows = await api.database.db.select().from(signInTokens).where(eq(signInTokens.email, 'hash@example.com'));
    expect(rows.map((row) => row.id)).toEqual([hashSecret(token)]);
  });

  it('refuses a used link, a link for another email and an expired link, signing no one in', async () => {
    const caller = createCaller(api);
    await caller.client.auth.requestSignInLink.mutate({ email: 'once@example.com' });
    const token = await latestLinkToken('once@example.com');
    const other = createCaller(api);
    const wrongEmail = await errorOf(other.client.auth.signInWithLink.mutate({ email: 'else@example.com', token }));
    expect(wrongEmail.data).toMatchObject({ code: 'BAD_REQUEST', appCode: 'SIGN_IN_LINK_INVALID' });
    await caller.client.auth.signInWithLink.mutate({ email: 'once@example.com', token });
    const reused = await errorOf(other.client.auth.signInWithLink.mutate({ email: 'once@example.com', token }));
    expect(reused.message).toMatch(/invalid, expired or already used/);
    expect(await other.client.auth.me.query()).toBeNull();

    await other.client.auth.requestSignInLink.mutate({ email: 'late@example.com' });
    const lateToken = await latestLinkToken('late@example.com');
    await api.database.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTokens.email, 'late@example.com'));
    const expired = await errorOf(other.client.auth.signInWithLink.mutate({ email: 'late@example.com', token: lateToken }));
    expect(expired.data).toMatchObject({ appCode: 'SIGN_IN_LINK_INVALID' });
    expect(other.cookie()).toBeUndefined();
  });

  it('answers a bad email with a field message and stores nothing', async () => {
    const caller = createCaller(api);
    const error = await errorOf(caller.client.auth.requestSignInLink.mutate({ email: 'not-an-email' }));
    expect(error.data).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { email: ['Please enter a valid email address'] } });
    expect(error.message).toBe('Please enter a valid email address');
    const rows = await api.database.db.select().from(signInTokens).where(eq(signInTokens.email, 'not-an-email'));
    expect(rows).toEqual([]);
  });

  it('carries the chat a fan signs in from in the emailed link, and only a chat of this site', async () => {
    const caller = createCaller(api);
    await caller.client.auth.requestSignInLink.mutate({ email: 'fan.return@example.com', next: '/chat/mia' });
    const [mail] = await api.database.sql<{ link: string }[]>`
      select link from dev_outbox_emails where "to" = 'fan.return@example.com' order by created_at desc limit 1`;
    const link = new URL(mail?.link ?? 'http://x/');
    expect(link.pathname).toBe('/sign-in');
    expect(link.searchParams.get('next')).toBe('/chat/mia');
    expect(link.searchParams.get('mode')).toBe('signIn');

    for (const next of ['https://evil.example/chat/mia', '//evil.example', '/payouts', '/chat/..']) {
      const error = await errorOf(caller.client.auth.requestSignInLink.mutate({ email: 'fan.away@example.com', next }));
      expect(error.data, next).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { next: ['Not a chat on this site'] } });
    }
    const rows = await api.database.db.select().from(signInTokens).where(eq(signInTokens.email, 'fan.away@example.com'));
    expect(rows, 'a refused request sends nothing').toEqual([]);
  });

  it('limits how many links one address gets in a short time', async () => {
    const caller = createCaller(api);
    for (let i = 0; i < 5; i++) await caller.client.auth.requestSignInLink.mutate({ email: 'flood@example.com' });
    const error = await errorOf(caller.client.auth.requestSignInLink.mutate({ email: 'flood@example.com' }));
    expect(error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', appCode: 'RATE_LIMITED' });
  });

  it('signs out: the cookie is cleared and the old token no longer works', async () => {
    const caller = await signIn(api, 'leaving@example.com');
    const oldCookie = caller.cookie();
    await caller.client.auth.signOut.mutate();
    expect(caller.cookie()).toBeUndefined();
    const response = await fetch(`${api.url}/trpc/auth.me`, { headers: { cookie: oldCookie ?? '' } });
    expect(((await response.json()) as { result: { data: unknown } }).result.data).toBeNull();
  });

  it('ignores a forged session token', async () => {
    const response = await fetch(`${api.url}/trpc/auth.me`, { headers: { cookie: 'doppel_session=abc.def' } });
    expect(((await response.json()) as { result: { data: unknown } }).result.data).toBeNull();
  });
});
