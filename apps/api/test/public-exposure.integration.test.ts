// What a running instance must not hand out, over real HTTP: the source of the web app through its
// source maps, and private answers that a browser or a proxy could keep and show to someone else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, seedPeople, signIn, startApi } from './harness.ts';

let distDir: string;
let api: Api;
let fan: Caller;

beforeAll(async () => {
  // A dist as an older build wrote it, with a source map beside its script.
  distDir = mkdtempSync(join(tmpdir(), 'doppel-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1);\n//# sourceMappingURL=app-abc123.js.map\n');
  writeFileSync(join(distDir, 'assets', 'app-abc123.js.map'), JSON.stringify({ version: 3, sourcesContent: ['// secret'] }));
  api = await startApi({ env: { WEB_DIST_DIR: distDir } });
  const people = await seedPeople(api);
  fan = await signIn(api, people.fan.email as string);
});
afterAll(async () => {
  await api?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('source maps', () => {
  it('are not served, even when a build left one in dist', async () => {
    const script = await fetch(`${api.url}/assets/app-abc123.js`);
    expect(script.status).toBe(200);
    const map = await fetch(`${api.url}/assets/app-abc123.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('sourcesContent');
  });
});

describe('tRPC answers', () => {
  const noStore = 'no-store';
  const withCookie = (): RequestInit => ({ headers: { cookie: fan.cookie() ?? '' } });

  it('tell browsers and proxies not to store a signed-in caller’s query, alone or batched', async () => {
    const me = await fetch(`${api.url}/trpc/auth.me`, withCookie());
    expect(me.status).toBe(200);
    expect(((await me.json()) as { result: { data: { email: string } } }).result.data.email).toBe('fan@test.dev');
    expect(me.headers.get('cache-control')).toBe(noStore);
    const batch = await fetch(`${api.url}/trpc/auth.me,auth.providers?batch=1&input={}`, withCookie());
    expect(batch.status).toBe(200);
    expect(batch.headers.get('cache-control')).toBe(noStore);
  });

  it('tell them for a mutation, a refusal and an anonymous query too', async () => {
    const mutation = await fetch(`${api.url}/trpc/system.reportError`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: fan.cookie() ?? '' },
      body: JSON.stringify({ message: 'test', path: 'test' }),
    });
    expect(mutation.status).toBe(200);
    expect(mutation.headers.get('cache-control')).toBe(noStore);
    const refused = await fetch(`${api.url}/trpc/auth.signOut`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe(noStore);
    const anonymous = await fetch(`${api.url}/trpc/auth.me`);
    expect(anonymous.headers.get('cache-control')).toBe(noStore);
  });

  it('tell them for a live stream', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${api.url}/trpc/live.events?input=${encodeURIComponent(JSON.stringify({ scopes: ['app'] }))}`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toMatch(/no-store/);
    controller.abort();
  });
});
