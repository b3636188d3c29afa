// The twin on the creator's own site (docs/embed.md) over the real server: the creator's allowed
// sites (validated, owner only), the framed chat's frame-ancestors, every other page still refusing
// frames, the loader script, the partitioned session a chat opened in the frame gets, and signing
// that frame in to an account.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chats, embedSignIns } from '@doppel/db';
import { embedSignInInvalidMessage } from '@doppel/domain/chat';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let distDir: string;
let creator: Caller;
let otherCreator: Caller;
let twin: Awaited<ReturnType<typeof createTalent>>;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'doppel-embed-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  api = await startApi({ env: { WEB_DIST_DIR: distDir } });
  people = await seedPeople(api);
  [creator, otherCreator] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
  ]);
  twin = await createTalent(api, { managerIds: [people.creatorA.id] });
});
afterAll(async () => {
  await api?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const frameAncestors = (response: Response) =>
  (response.headers.get('content-security-policy') ?? '')
    .split(';')
    .find((directive) => directive.trim().startsWith('frame-ancestors'))
    ?.trim();

const page = (path: string) => fetch(`${api.url}${path}`, { headers: { accept: 'text/html' } });

describe('the creator’s allowed sites', () => {
  it('keeps each site as its origin, once, and refuses what is not a site, changing nothing', async () => {
    const talentId = twin.talent.id;
    expect(await creator.client.talent.embed.get.query({ talentId })).toEqual({ tag: twin.tag, origins: [] });
    const saved = await creator.client.talent.embed.update.mutate({
      talentId,
      origins: ['https://Shop.Example.com/', ' https://shop.example.com', 'http://localhost:8080'],
    });
    expect(saved).toEqual({ tag: twin.tag, origins: ['https://shop.example.com', 'http://localhost:8080'] });

    for (const [origin, message] of [
      ['example.com', 'Enter a site address such as https://example.com'],
      ['http://example.com', 'Use the https:// address of your site'],
      ['https://example.com/shop', 'Enter only the site, without a page path, such as https://example.com'],
    ] as const) {
      const error = await refusal(creator.client.talent.embed.update.mutate({ talentId, origins: [origin] }));
      expect(error.message).toContain(message);
    }
    const tooMany = Array.from({ length: 11 }, (_, n) => `https://site${n}.example.com`);
    expect((await refusal(creator.client.talent.embed.update.mutate({ talentId, origins: tooMany }))).message).toContain(
      'Add at most 10 sites',
    );
    expect((await creator.client.talent.embed.get.query({ talentId })).origins).toEqual(saved.origins);
  });

  it('is another twin’s creator’s to neither read nor change', async () => {
    const talentId = twin.talent.id;
    expect((await refusal(otherCreator.client.talent.embed.get.query({ talentId }))).code).toBe('FORBIDDEN');
    const error = await refusal(otherCreator.client.talent.embed.update.mutate({ talentId, origins: ['https://evil.example'] }));
    expect(error.code).toBe('FORBIDDEN');
    expect((await creator.client.talent.embed.get.query({ talentId })).origins).not.toContain('https://evil.example');
  });
});

describe('framing', () => {
  it('lets the allowed sites frame the twin’s chat, and nothing else', async () => {
    await creator.client.talent.embed.update.mutate({ talentId: twin.talent.id, origins: ['https://shop.example.com'] });
    const framed = await page(`/embed/${twin.tag}`);
    expect(framed.status).toBe(200);
    expect(await framed.text()).toContain('<div id="root">');
    expect(frameAncestors(framed)).toBe("frame-ancestors 'self' https://shop.example.com");
    expect(framed.headers.get('x-frame-options')).toBeNull();
    // The rest of the policy stays as on every page.
    expect(framed.headers.get('content-security-policy')).toContain("default-src 'self'");

    for (const path of ['/embed/no-such-twin', `/chat/${twin.tag}`, '/', '/settings/embed']) {
      const answer = await page(path);
      expect(frameAncestors(answer), path).toBe("frame-ancestors 'self'");
      expect(answer.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it('stops the framing as soon as the creator removes the site', async () => {
    await creator.client.talent.embed.update.mutate({ talentId: twin.talent.id, origins: [] });
    const framed = await page(`/embed/${twin.tag}`);
    expect(frameAncestors(framed)).toBe("frame-ancestors 'self'");
    expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('the loader script', () => {
  it('is served small, compressed, cacheable and loadable from other sites', async () => {
    const answer = await fetch(`${api.url}/embed.js`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    // fetch decodes Brotli itself; the bytes on the wire are measured below.
    const source = readFileSync(new URL('../src/http/embed-loader.js', import.meta.url));
    expect(await answer.text()).toBe(source.toString());
    const { embedLoaderBrotliBytes } = await import('../src/http/embed.ts');
    expect(embedLoaderBrotliBytes).toBeLessThan(10 * 1024);
    expect(brotliDecompressSync(await brotliOf())).toEqual(source);
  });
});

/** The loader's bytes as sent to a browser that accepts Brotli, without fetch decoding them. */
async function brotliOf(): Promise<Buffer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const call = request(`${api.url}/embed.js`, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('a fan who opens the chat in the frame', () => {
  const open = (headers: Record<string, string>) =>
    fetch(`${api.url}/trpc/chat.open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ talentTag: twin.tag }),
    });

  it('gets a session cookie the framed page can send (SameSite=None, Partitioned); on Doppel itself a Lax one', async () => {
    const framed = await open({ 'x-doppel-embed': '1', 'x-forwarded-for': '203.0.113.7' });
    expect(framed.status).toBe(200);
    const framedCookie = framed.headers.get('set-cookie') ?? '';
    expect(framedCookie).toMatch(/^doppel_session=/);
    expect(framedCookie).toMatch(/SameSite=None/i);
    expect(framedCookie).toMatch(/; Secure/i);
    expect(framedCookie).toMatch(/; Partitioned/i);

    const direct = await open({});
    const directCookie = direct.headers.get('set-cookie') ?? '';
    expect(directCookie).toMatch(/SameSite=Lax/i);
    expect(directCookie).not.toMatch(/Partitioned/i);
  });
});

describe('signing in from the frame', () => {
  /** A chat opened in a frame: its anonymous fan, and the page it opens to sign in. */
  async function framedFan() {
    const frame = createCaller(api);
    const opened = await frame.client.chat.open.mutate({ talentTag: twin.tag });
    const { path } = await frame.client.chat.embedSignIn.start.mutate({ talentTag: twin.tag });
    return { frame, chatId: opened.chat.id, path, token: path.split('/').at(-1) as string };
  }

  it('signs the frame in to the account that confirms, once, with the anonymous fan’s chat', async () => {
    const { frame, chatId, path, token } = await framedFan();
    expect(path).toBe(`/embed-sign-in/${token}`);
    expect((await frame.client.auth.me.query())?.isAnonymous).toBe(true);
    // Only an account confirms, never the anonymous fan (not even its own link).
    expect(await refusal(frame.client.chat.embedSignIn.confirm.mutate({ token }))).toMatchObject({ code: 'FORBIDDEN' });

    const account = await signIn(api, people.fan.email as string);
    expect(await account.client.chat.embedSignIn.describe.mutate({ token })).toMatchObject({ twinTag: twin.tag });
    expect(await account.client.chat.embedSignIn.confirm.mutate({ token })).toEqual({ twinTag: twin.tag });
    // The frame's own session now signs in the account, and the chat it began is the account's.
    expect(await frame.client.auth.me.query()).toMatchObject({ id: people.fan.id, isAnonymous: false });
    const [chat] = await api.database.db.select({ userId: chats.userId }).from(chats).where(eq(chats.id, chatId));
    expect(chat?.userId).toBe(people.fan.id);

    // Once: the link is spent, and a signed-in frame has nothing to start.
    expect(await refusal(account.client.chat.embedSignIn.confirm.mutate({ token }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: embedSignInInvalidMessage,
    });
    expect(await refusal(frame.client.chat.embedSignIn.start.mutate({ talentTag: twin.tag }))).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('refuses an expired or unknown link and changes nothing', async () => {
    const { frame, token } = await framedFan();
    await api.database.db
      .update(embedSignIns)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(embedSignIns.anonymousUserId, (await frame.client.auth.me.query())?.id as string));
    const account = await signIn(api, people.creatorB.email as string);
    for (const attempt of [token, 'not-a-real-token-at-all']) {
      expect(await refusal(account.client.chat.embedSignIn.confirm.mutate({ token: attempt }))).toMatchObject({
        message: embedSignInInvalidMessage,
      });
    }
    expect((await frame.client.auth.me.query())?.isAnonymous).toBe(true);
  });
});
