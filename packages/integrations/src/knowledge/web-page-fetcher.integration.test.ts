// The web page fetcher against a local web server. The server listens on 127.0.0.2, the one
// address the test's fetcher is allowed to reach; everything else private (127.0.0.1, localhost,
// the cloud metadata address, IPv4-mapped loopback) is refused, before connecting, after redirects,
// and when a name answers differently at connect time than when first checked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { KnowledgeSourceError, type WebPageFetcher } from '@doppel/domain/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-guard.ts';
import { createWebPageFetcher, type ResolvedAddress } from './web-page-fetcher.ts';

const host = '127.0.0.2';
const page = '<!doctype html><html><head><title>Hello</title></head><body><p>Lisbon since 2019.</p></body></html>';
const privateRefusal = 'This address points into a private network, which we do not read. Use a public web page.';
const limits = { timeoutMs: 10_000, maxBytes: 64 * 1024 };

let server: Server;
let base: string;
let port: number;
const hits: string[] = [];
const held: Array<() => void> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(path);
    const redirect = (location: string) => response.writeHead(302, { location }).end();
    if (path === '/page') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    if (path === '/plain') return response.writeHead(200, { 'content-type': 'text/plain' }).end('Just text.');
    if (path === '/gzip') {
      return response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(page));
    }
    if (path === '/relative') return redirect('/page');
    if (path === '/to-loopback') return redirect(`http://127.0.0.1:${port}/page`);
    if (path === '/to-localhost') return redirect(`http://localhost:${port}/page`);
    if (path === '/to-metadata') return redirect('http://169.254.169.254/latest/meta-data/');
    if (path === '/to-mapped') return redirect(`http://[::ffff:127.0.0.1]:${port}/page`);
    if (path === '/to-file') return redirect('file:///etc/passwd');
    if (path.startsWith('/loop')) return redirect(`/loop${path.length}`);
    if (path === '/image') return response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
    if (path === '/missing') return response.writeHead(404, { 'content-type': 'text/html' }).end('nope');
    if (path === '/declared-big') {
      return response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(limits.maxBytes + 1) }).end();
    }
    if (path === '/streamed-big') {
      // No length declared: the fetcher must count and stop.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 1024 * 1024 && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return response.once('drain', pump);
        }
        response.end();
      };
      return pump();
    }
    if (path === '/gzip-bomb') {
      // A few kilobytes that inflate past the limit.
      const body = gzipSync(Buffer.alloc(10 * 1024 * 1024, ' '));
      return response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(body);
    }
    if (path === '/hang') {
      held.push(() => response.end());
      return;
    }
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://${host}:${port}`;
});

afterAll(async () => {
  for (const release of held) release();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The fetcher a test uses: may reach the local server's address, nothing else private. */
const local = (resolve?: (hostname: string) => Promise<ResolvedAddress[]>) =>
  createWebPageFetcher({ allowedPrivateAddresses: [host], ...(resolve ? { resolve } : {}) });

async function refusal(fetcher: WebPageFetcher, url: string, options = limits): Promise<string> {
  const error = await fetcher.fetchPage(url, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `${url} is refused`).toBeInstanceOf(KnowledgeSourceError);
  return (error as KnowledgeSourceError).reason;
}

describe('fetching a page', () => {
  it('fetches HTML and plain text, and decompresses', async () => {
    const fetched = await local().fetchPage(`${base}/page`, limits);
    expect(fetched.finalUrl).toBe(`${base}/page`);
    expect(fetched.contentType).toBe('text/html; charset=utf-8');
    expect(new TextDecoder().decode(fetched.bytes)).toBe(page);
    expect(new TextDecoder().decode((await local().fetchPage(`${base}/plain`, limits)).bytes)).toBe('Just text.');
    expect(new TextDecoder().decode((await local().fetchPage(`${base}/gzip`, limits)).bytes)).toBe(page);
  });

  it('follows a redirect and reports where it ended', async () => {
    const fetched = await local().fetchPage(`${base}/relative`, limits);
    expect(fetched.finalUrl).toBe(`${base}/page`);
  });

  it('refuses non-HTML answers, errors, loops, slow answers and bodies over the limit', async () => {
    const fetcher = local();
    expect(await refusal(fetcher, `${base}/image`)).toBe('This address is not a web page we can read (it is image/png).');
    expect(await refusal(fetcher, `${base}/missing`)).toBe('This web page answered with an error (HTTP 404).');
    expect(await refusal(fetcher, `${base}/loop`)).toBe('This web page redirects too many times.');
    expect(await refusal(fetcher, `${base}/declared-big`)).toBe('This web page is larger than the 0.1 MB we read.');
    expect(await refusal(fetcher, `${base}/streamed-big`)).toBe('This web page is larger than the 0.1 MB we read.');
    expect(await refusal(fetcher, `${base}/gzip-bomb`)).toBe('This web page is larger than the 0.1 MB we read.');
    expect(await refusal(fetcher, `${base}/hang`, { ...limits, timeoutMs: 200 })).toBe('This web page took too long to answer.');
  });
});

describe('refusing our own network', () => {
  it('refuses private addresses outright', async () => {
    const before = hits.length;
    const fetcher = createWebPageFetcher();
    for (const url of [
      `${base}/page`,
      `http://127.0.0.1:${port}/page`,
      `http://localhost:${port}/page`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://224.0.0.1/',
    ]) {
      expect(await refusal(fetcher, url)).toBe(privateRefusal);
    }
    expect(hits.length, 'requests that reached the server').toBe(before);
  });

  it('refuses other schemes and addresses with credentials', async () => {
    const fetcher = local();
    expect(await refusal(fetcher, 'ftp://example.com/')).toBe('Only http:// and https:// web pages can be read.');
    expect(await refusal(fetcher, 'file:///etc/passwd')).toBe('Only http:// and https:// web pages can be read.');
    expect(await refusal(fetcher, `http://user:secret@${host}:${port}/page`)).toBe(
      'Web addresses with a user name or password are not read.',
    );
  });

  it('refuses a redirect to loopback, localhost, the metadata address or mapped loopback', async () => {
    const fetcher = local();
    for (const path of ['/to-loopback', '/to-localhost', '/to-metadata', '/to-mapped']) {
      expect(await refusal(fetcher, `${base}${path}`), path).toBe(privateRefusal);
    }
    expect(await refusal(fetcher, `${base}/to-file`)).toBe('Only http:// and https:// web pages can be read.');
  });

  it('refuses a name with any private address among its answers', async () => {
    const fetcher = local(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    expect(await refusal(fetcher, 'http://mixed.example/')).toBe(privateRefusal);
  });

  it('checks the address again at connect time, so a name that changes its answer is still refused', async () => {
    const before = hits.length;
    const answers: ResolvedAddress[][] = [[{ address: host, family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const asked: string[] = [];
    const fetcher = local(async (hostname) => {
      asked.push(hostname);
      return answers.shift() ?? [{ address: '127.0.0.1', family: 4 }];
    });
    expect(await refusal(fetcher, `http://rebinding.example:${port}/page`)).toBe(privateRefusal);
    // Asked before connecting, and again by the connection itself.
    expect(asked).toEqual(['rebinding.example', 'rebinding.example']);
    expect(hits.length).toBe(before);
  });

  it('connects to the address it checked', async () => {
    const fetcher = local(async () => [{ address: host, family: 4 }]);
    const fetched = await fetcher.fetchPage(`http://twin-blog.example:${port}/page`, limits);
    expect(fetched.finalUrl).toBe(`http://twin-blog.example:${port}/page`);
    expect(new TextDecoder().decode(fetched.bytes)).toBe(page);
  });
});

describe('isPublicAddress', () => {
  it('lets public unicast through and nothing else', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:10.0.0.1',
      '169.254.169.254',
      '198.51.100.7',
      '2002:7f00:1::',
      'fc00::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('not an address')).toBe(false);
  });
});
