// The built web app over the real server: Brotli and gzip made at build time are chosen by
// Accept-Encoding, hashed assets are cached for a year, and every page answer is revalidated.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The very function the Vite build runs, so the test serves what a build writes.
import { compressDistFiles } from '../../../scripts/precompress.ts';
import { type Api, startApi } from './harness.ts';

const immutable = 'public, max-age=31536000, immutable';
// The push service worker as the build copies it from apps/web/public to the root of dist.
const serviceWorker = readFileSync(new URL('../../web/public/push-sw.js', import.meta.url), 'utf8');
const scriptPath = '/assets/app-abc123.js';
const smallScriptPath = '/assets/tiny-def456.js';

const script = Array.from(
  { length: 120 },
  (_, line) => `export const message${line} = 'Hello from line ${line} of the bundle, sent to a phone';`,
).join('\n');
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Doppel</title>
    <script type="module" crossorigin src="${scriptPath}"></script>
  </head>
  <body>
    ${'<!-- a page padded past a kilobyte, like the real one -->\n    '.repeat(20)}<div id="root"></div>
  </body>
</html>
`;

type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET that sends only the given headers and returns the bytes as they came over the wire. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

let distDir: string;
let api: Api;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'doppel-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), page);
  writeFileSync(join(distDir, scriptPath), script);
  writeFileSync(join(distDir, smallScriptPath), 'export const tiny = 1;\n');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(distDir, 'push-sw.js'), serviceWorker);
  compressDistFiles(distDir);
  api = await startApi({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await api?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('build-time compression', () => {
  it('writes Brotli and gzip beside files over a kilobyte and leaves small ones alone', () => {
    expect(brotliDecompressSync(readFileSync(join(distDir, `${scriptPath}.br`))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(distDir, `${scriptPath}.gz`))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(distDir, 'index.html.br'))).toString()).toBe(page);
    expect(() => readFileSync(join(distDir, `${smallScriptPath}.br`))).toThrow(/ENOENT/);
    expect(() => readFileSync(join(distDir, 'favicon.svg.gz'))).toThrow(/ENOENT/);
  });
});

describe('serving the built web app', () => {
  it('sends a hashed asset as Brotli to a browser that accepts it, cached for a year', async () => {
    const answer = await get(`${api.url}${scriptPath}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(immutable);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const answer = await get(`${api.url}${scriptPath}`, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(immutable);
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the file as is to a client that accepts no encoding', async () => {
    const answer = await get(`${api.url}${scriptPath}`);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(immutable);
    expect(answer.body.toString()).toBe(script);
  });

  it('sends a hashed asset too small to compress as is, still cached for a year', async () => {
    const answer = await get(`${api.url}${smallScriptPath}`, { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(immutable);
    expect(answer.body.toString()).toBe('export const tiny = 1;\n');
  });

  it('has the browser revalidate the start page on every visit, compressed with its first paint', async () => {
    const answer = await get(`${api.url}/`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(answer.body).toString();
    expect(html).toContain('<div id="page-shell" data-path="/">');
    expect(html).toContain(`<script type="module" crossorigin src="${scriptPath}"></script>`);
    const gzipped = await get(`${api.url}/`, { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzipped.body).toString()).toBe(html);
  });

  it('sends a client route without a first paint of its own as the built page, precompressed', async () => {
    const answer = await get(`${api.url}/dashboard`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.body).toString()).toBe(page);
  });

  it('answers a client route like /chat/mia with the page, never cached', async () => {
    const answer = await get(`${api.url}/chat/mia`, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(answer.body).toString()).toBe(page);

    const plain = await get(`${api.url}/chat/mia`, { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toBe(page);
  });

  it('has files outside /assets revalidated, since their names carry no hash', async () => {
    const answer = await get(`${api.url}/favicon.svg`, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('serves the push service worker from the root as JavaScript, compressed or not, revalidated every time', async () => {
    const compressed = await get(`${api.url}/push-sw.js`, { 'accept-encoding': 'br', 'service-worker': 'script' });
    expect(compressed.status).toBe(200);
    // Browsers refuse a service worker served with any other type.
    expect(compressed.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(compressed.headers['cache-control']).toBe('no-cache');
    const body = compressed.headers['content-encoding'] === 'br' ? brotliDecompressSync(compressed.body) : compressed.body;
    expect(body.toString()).toBe(serviceWorker);

    const plain = await get(`${api.url}/push-sw.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toBe(serviceWorker);
  });

  it('does not publish the compressed copies as files of their own', async () => {
    const answer = await get(`${api.url}${scriptPath}.br`);
    expect(answer.status).toBe(404);
  });
});
