// The magic-link email through a real SMTP conversation (smtp-server as the capture side, with
// authentication), the per-address rate limit, and the production guard on the development outbox.
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { devOutboxEmails, signInTokens } from '@doppel/db';
import { signInLinkLimits } from '@doppel/domain/auth';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/index.ts';
import { type Api, createCaller, startApi } from './harness.ts';

let smtp: SMTPServer;
let smtpPort: number;
const received: ParsedMail[] = [];
const logins: string[] = [];
let api: Api;
/** With the development outbox: the rate-limit tests send many links and need no SMTP round trips. */
let outboxApi: Api;

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, so no STARTTLS and no TLS demand for AUTH.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    // No reverse DNS of the client: nothing leaves the machine, and each connection starts at once.
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      if (auth.username === 'doppel' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  [api, outboxApi] = await Promise.all([
    startApi({ env: { SMTP_URL: `smtp://doppel:s3cret@127.0.0.1:${smtpPort}`, MAIL_FROM: 'Doppel Test <auth@doppel.test>' } }),
    // Behind a trusted proxy (loopback here), the client's address comes from X-Forwarded-For.
    startApi({ env: { TRUST_PROXY: '127.0.0.1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([api?.close(), outboxApi?.close()]);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Calls auth.requestSignInLink over plain HTTP as a client behind `ip` (the API trusts its proxy). */
async function requestLink(target: Api, email: string, ip: string) {
  const response = await fetch(`${target.url}/trpc/auth.requestSignInLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { result?: unknown; error?: { message: string; data: { appCode?: string } } },
  };
}

describe('magic-link email over SMTP', () => {
  it('arrives with the link in text and HTML, signs in, and nothing lands in the development outbox', async () => {
    const caller = createCaller(api);
    const sent = await caller.client.auth.requestSignInLink.mutate({ email: 'Reader@Example.com' });
    expect(sent).toEqual({ sent: true, devOutbox: false });
    expect(logins).toContain('doppel');

    const mail = received.find((message) => message.subject === 'Your Doppel sign-in link');
    expect(mail?.from?.text).toBe('"Doppel Test" <auth@doppel.test>');
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('reader@example.com');
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing/');
    expect(link.origin).toBe(api.url);
    expect(link.pathname).toBe('/sign-in');
    expect(link.searchParams.get('email')).toBe('reader@example.com');
    expect(link.searchParams.get('mode')).toBe('signIn');
    // The HTML version has a button carrying the same link.
    expect(mail?.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
    expect(mail?.html).toMatch(/>Sign in<\/a>/);

    const me = await caller.client.auth.signInWithLink.mutate({
      email: 'reader@example.com',
      token: link.searchParams.get('token') ?? '',
    });
    expect(me?.email).toBe('reader@example.com');

    expect(await api.database.db.select().from(devOutboxEmails)).toEqual([]);
    expect((await caller.client.system.info.query()).devOutbox).toBe(false);
  });
});

describe('rate limits on sign-in links', () => {
  it(`allows ${signInLinkLimits.perAddress} links per address in the window, to any emails, then refuses that address only`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < signInLinkLimits.perAddress; i++) {
      const { status } = await requestLink(outboxApi, `spray${i}@example.com`, ip);
      expect(status).toBe(200);
    }
    const refused = await requestLink(outboxApi, 'one-more@example.com', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.data.appCode).toBe('RATE_LIMITED');
    expect(refused.body.error?.message).toMatch(/from your network/);
    expect(await outboxApi.database.db.select().from(signInTokens).where(eq(signInTokens.email, 'one-more@example.com'))).toEqual(
      [],
    );
    const rows = await outboxApi.database.db.select().from(signInTokens).where(eq(signInTokens.requestedFromIp, ip));
    expect(rows).toHaveLength(signInLinkLimits.perAddress);

    // Another address is not held back by this one.
    expect((await requestLink(outboxApi, 'one-more@example.com', '198.51.100.4')).status).toBe(200);
  });

  it(`still limits one email to ${signInLinkLimits.perEmail} links, whatever the address`, async () => {
    for (let i = 0; i < signInLinkLimits.perEmail; i++)
      expect((await requestLink(outboxApi, 'popular@example.com', `192.0.2.${i + 1}`)).status).toBe(200);
    const refused = await requestLink(outboxApi, 'popular@example.com', '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(/for this address/);
  });

  it('counts only links asked for within the window', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < signInLinkLimits.perAddress; i++) await requestLink(outboxApi, `old${i}@example.com`, ip);
    expect((await requestLink(outboxApi, 'fresh@example.com', ip)).status).toBe(429);
    await outboxApi.database.db
      .update(signInTokens)
      .set({ createdAt: new Date(Date.now() - signInLinkLimits.windowMs - 1000) })
      .where(eq(signInTokens.requestedFromIp, ip));
    expect((await requestLink(outboxApi, 'fresh@example.com', ip)).status).toBe(200);
  });
});

describe('production without SMTP', () => {
  const run = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['apps/api/src/main.ts'], {
      cwd: new URL('../../../', import.meta.url),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        // Never reached: the configuration is refused before anything connects.
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
        PORT: '0',
        HOST: '127.0.0.1',
        ...extra,
      },
      encoding: 'utf8',
      timeout: 20_000,
    });

  it('refuses to start, saying why and how to opt in', () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SMTP_URL is not set');
    expect(result.stderr).toContain('DEV_OUTBOX=on');
  });

  it('starts with the development outbox only when DEV_OUTBOX=on says so', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' };
    expect(() => loadEnv({ ...base, DEV_OUTBOX: 'off' })).toThrow(/SMTP_URL is not set/);
    expect(loadEnv({ ...base, DEV_OUTBOX: 'on' }).SMTP_URL).toBeUndefined();
    expect(loadEnv({ ...base, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
  });

  it('refuses a half-configured sign-in provider', () => {
    const result = run({ SMTP_URL: 'smtp://127.0.0.1:9', GOOGLE_CLIENT_ID: 'only-the-id' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Google sign-in is half configured: set GOOGLE_CLIENT_SECRET too');
  });
});
