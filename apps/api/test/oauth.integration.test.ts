// Google and Apple sign-in end to end over real HTTP: the API against local mock OIDC issuers,
// a cookie-keeping client following every redirect by hand, as a browser would.
import { users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signIn, startApi } from './harness.ts';
import { type Browser, createBrowser } from './support/browser.ts';
import { type MockIssuer, startMockIssuer } from './support/mock-oidc-issuer.ts';

let google: MockIssuer;
let apple: MockIssuer;
let applePublicKeyPem: string;
let api: Api;
let bare: Api;

beforeAll(async () => {
  [google, apple] = await Promise.all([startMockIssuer(), startMockIssuer()]);
  const keys = await generateKeyPair('ES256', { extractable: true });
  applePublicKeyPem = await exportSPKI(keys.publicKey);
  api = await startApi({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER_URL: google.url,
      APPLE_CLIENT_ID: 'dev.doppel.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      // One-line form, as an .env file would hold it.
      APPLE_PRIVATE_KEY: (await exportPKCS8(keys.privateKey)).replaceAll('\n', '\\n'),
      APPLE_ISSUER_URL: apple.url,
    },
  });
  bare = await startApi();
});
afterAll(async () => {
  await Promise.all([api?.close(), bare?.close()]);
  await Promise.all([google?.close(), apple?.close()]);
});

async function me(target: Api, browser: Browser): Promise<{ id: string; email: string; name: string } | null> {
  const response = await fetch(`${target.url}/trpc/auth.me`, { headers: { cookie: browser.cookieHeader() } });
  return ((await response.json()) as { result: { data: { id: string; email: string; name: string } | null } }).result.data;
}

/** Starts a flow and lets the provider authorize it: returns the redirect back to the API. */
async function authorize(browser: Browser, provider: 'google' | 'apple'): Promise<{ authorizeUrl: URL; callback: URL }> {
  const start = await browser.request(`/auth/${provider}`);
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.location ?? '');
  const atProvider = await browser.request(authorizeUrl.href);
  expect(atProvider.status).toBe(302);
  return { authorizeUrl, callback: new URL(atProvider.location ?? '') };
}

/** The whole Google flow; resolves to where the API finally sends the browser. */
async function googleSignIn(browser: Browser): Promise<string | undefined> {
  const { callback } = await authorize(browser, 'google');
  const back = await browser.request(callback.href);
  expect(back.status).toBe(302);
  return back.location;
}

describe('Google sign-in', () => {
  it('runs the authorization-code flow with PKCE, state and nonce, creates the user and signs in', async () => {
    google.identity = { email: 'Grace.Hopper@Example.com', email_verified: true, name: 'Grace Hopper' };
    const browser = createBrowser(api.url);
    const { authorizeUrl, callback } = await authorize(browser, 'google');
    expect(authorizeUrl.origin).toBe(google.url);
    const sent = authorizeUrl.searchParams;
    expect(sent.get('response_type')).toBe('code');
    expect(sent.get('client_id')).toBe('google-client');
    expect(sent.get('redirect_uri')).toBe(`${api.url}/auth/google/callback`);
    expect(sent.get('scope')).toBe('openid email profile');
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(sent.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(sent.get('state')).toBeTruthy();
    expect(sent.get('nonce')).toBeTruthy();
    expect(callback.href.startsWith(`${api.url}/auth/google/callback?`)).toBe(true);

    const back = await browser.request(callback.href);
    expect(back).toMatchObject({ status: 302, location: `${api.url}/` });
    expect(browser.cookie('doppel_session')).toMatch(/^[a-z0-9]+\.[a-z0-9]+$/);
    expect(browser.cookie('doppel_oauth')).toBeUndefined();
    // The token request proved possession of the PKCE verifier and authenticated the client.
    const tokenRequest = google.tokenRequests.at(-1);
    expect(tokenRequest?.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    expect(tokenRequest?.get('client_secret')).toBe('google-secret');

    const user = await me(api, browser);
    expect(user).toMatchObject({ email: 'grace.hopper@example.com', name: 'Grace Hopper' });
  });

  it('signs the same person in again to the same account, and shares it with the magic link', async () => {
    const viaLink = await signIn(api, 'ada@example.com');
    const linkUser = await viaLink.client.auth.me.query();
    google.identity = { email: 'ADA@example.com', email_verified: true, name: 'Someone Else' };
    const first = createBrowser(api.url);
    expect(await googleSignIn(first)).toBe(`${api.url}/`);
    const second = createBrowser(api.url);
    expect(await googleSignIn(second)).toBe(`${api.url}/`);
    expect((await me(api, first))?.id).toBe(linkUser?.id);
    expect((await me(api, second))?.id).toBe(linkUser?.id);
    // An existing account keeps its name.
    expect((await me(api, second))?.name).toBe('ada');
    const rows = await api.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a tampered state: oauth_failed, no session', async () => {
    google.identity = { email: 'mallory@example.com', email_verified: true };
    const browser = createBrowser(api.url);
    const { callback } = await authorize(browser, 'google');
    callback.searchParams.set('state', 'forged-state');
    const back = await browser.request(callback.href);
    expect(back).toMatchObject({ status: 302, location: `${api.url}/sign-in?error=oauth_failed` });
    expect(browser.cookie('doppel_session')).toBeUndefined();
    expect(browser.cookie('doppel_oauth')).toBeUndefined();
    expect(await me(api, browser)).toBeNull();
    expect(await api.database.db.select().from(users).where(eq(users.email, 'mallory@example.com'))).toEqual([]);
  });

  it('refuses a callback without the flow cookie (another browser, or an expired flow)', async () => {
    google.identity = { email: 'victim@example.com', email_verified: true };
    const attacker = createBrowser(api.url);
    const { callback } = await authorize(attacker, 'google');
    const victim = createBrowser(api.url);
    const back = await victim.request(callback.href);
    expect(back.location).toBe(`${api.url}/sign-in?error=oauth_failed`);
    expect(victim.cookie('doppel_session')).toBeUndefined();
  });

  it('refuses an ID token signed by a key the issuer does not publish', async () => {
    google.identity = { email: 'forged@example.com', email_verified: true };
    const browser = createBrowser(api.url);
    const { authorizeUrl, callback } = await authorize(browser, 'google');
    const otherKey = await generateKeyPair('RS256');
    // Every claim right (issuer, audience, nonce): only the signature gives it away.
    const nonce = authorizeUrl.searchParams.get('nonce');
    google.nextIdToken = await new SignJWT({ email: 'forged@example.com', email_verified: true, nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'not-published' })
      .setIssuer(google.url)
      .setAudience('google-client')
      .setSubject('johndoe')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(otherKey.privateKey);
    const back = await browser.request(callback.href);
    expect(back.location).toBe(`${api.url}/sign-in?error=oauth_failed`);
    expect(browser.cookie('doppel_session')).toBeUndefined();
    expect(await api.database.db.select().from(users).where(eq(users.email, 'forged@example.com'))).toEqual([]);
  });

  it('refuses an email Google has not verified', async () => {
    google.identity = { email: 'unverified@example.com', email_verified: false };
    const browser = createBrowser(api.url);
    expect(await googleSignIn(browser)).toBe(`${api.url}/sign-in?error=email_not_verified`);
    expect(browser.cookie('doppel_session')).toBeUndefined();
    expect(await api.database.db.select().from(users).where(eq(users.email, 'unverified@example.com'))).toEqual([]);
  });
});

describe('Apple sign-in', () => {
  it('posts the answer (form_post), signs in with an ES256 client secret and keeps the name Apple gives once', async () => {
    apple.identity = { email: 'Tim@PrivateRelay.AppleID.com', email_verified: 'true', is_private_email: 'true' };
    const browser = createBrowser(api.url);
    const { authorizeUrl, callback } = await authorize(browser, 'apple');
    expect(authorizeUrl.origin).toBe(apple.url);
    expect(authorizeUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email name');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${api.url}/auth/apple/callback`);

    // Apple's page posts the fields cross-site: the browser sends no SameSite=Lax cookie with it.
    const form = new URLSearchParams({
      code: callback.searchParams.get('code') ?? '',
      state: callback.searchParams.get('state') ?? '',
      user: JSON.stringify({ name: { firstName: 'Tim', lastName: 'Apple' }, email: 'tim@privaterelay.appleid.com' }),
    });
    const posted = await fetch(`${api.url}/auth/apple/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const getBack = new URL(posted.headers.get('location') ?? '', api.url);
    expect(getBack.pathname).toBe('/auth/apple/callback');
    expect(getBack.searchParams.get('user') ?? '').not.toContain('@');

    // The top-level GET that follows carries the Lax flow cookie and finishes the sign-in.
    const back = await browser.request(getBack.href);
    expect(back).toMatchObject({ status: 302, location: `${api.url}/` });
    expect(await me(api, browser)).toMatchObject({ email: 'tim@privaterelay.appleid.com', name: 'Tim Apple' });

    // The client secret is a fresh ES256 JWT from the team's key, for this client and issuer.
    const secret = apple.tokenRequests.at(-1)?.get('client_secret') ?? '';
    expect(decodeProtectedHeader(secret)).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(secret, await importSPKI(applePublicKeyPem, 'ES256'), {
      issuer: 'TEAM123456',
      subject: 'dev.doppel.web',
      audience: apple.url,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(60 * 60);

    // Apple tells the name only the first time; a second sign-in reuses the account.
    const again = createBrowser(api.url);
    const second = await authorize(again, 'apple');
    const repost = await fetch(`${api.url}/auth/apple/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code: second.callback.searchParams.get('code') ?? '',
        state: second.callback.searchParams.get('state') ?? '',
      }),
      redirect: 'manual',
    });
    const done = await again.request(new URL(repost.headers.get('location') ?? '', api.url).href);
    expect(done.location).toBe(`${api.url}/`);
    expect((await me(api, again))?.id).toBe((await me(api, browser))?.id);
  });

  it('sends a provider error back to the sign-in page', async () => {
    const browser = createBrowser(api.url);
    await authorize(browser, 'apple');
    const posted = await fetch(`${api.url}/auth/apple/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ error: 'user_cancelled_authorize' }),
      redirect: 'manual',
    });
    const back = await browser.request(new URL(posted.headers.get('location') ?? '', api.url).href);
    expect(back.location).toBe(`${api.url}/sign-in?error=oauth_failed`);
    expect(browser.cookie('doppel_session')).toBeUndefined();
  });
});

describe('providers without configuration', () => {
  it('redirect with provider_not_configured, and auth.providers says which are on', async () => {
    const browser = createBrowser(bare.url);
    for (const path of ['/auth/google', '/auth/apple', '/auth/google/callback?code=x&state=y']) {
      const hop = await browser.request(path);
      expect(hop).toMatchObject({ status: 302, location: `${bare.url}/sign-in?error=provider_not_configured` });
    }
    const providers = async (target: Api) =>
      ((await (await fetch(`${target.url}/trpc/auth.providers`)).json()) as { result: { data: unknown } }).result.data;
    expect(await providers(bare)).toEqual({ google: false, apple: false });
    expect(await providers(api)).toEqual({ google: true, apple: true });
  });
});
