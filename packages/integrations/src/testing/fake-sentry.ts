// A local Sentry ingest for tests: the envelope endpoint the SDKs post to
// (POST /api/{projectId}/envelope/), with the key in the X-Sentry-Auth header or the sentry_key
// query parameter. Bodies are newline-delimited envelopes (a header line, then item headers each
// followed by its payload, `length` bytes long when given), gzip-compressed when the SDK chooses.
import type { IncomingMessage } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { listen, sendJson } from './http.ts';

export type FakeSentryItem = { header: { type?: string; length?: number; [key: string]: unknown }; payload: Buffer };

export type FakeSentryEnvelope = {
  projectId: string;
  header: Record<string, unknown>;
  items: FakeSentryItem[];
  /** The decompressed body as it arrived, to check what it does not contain. */
  raw: string;
};

/** The parts of an error event tests read; the rest is there too. */
export type FakeSentryEvent = {
  event_id?: string;
  level?: string;
  environment?: string;
  release?: string;
  tags?: Record<string, string>;
  contexts?: Record<string, Record<string, unknown>>;
  request?: Record<string, unknown>;
  exception?: { values?: Array<{ type?: string; value?: string }> };
  [key: string]: unknown;
};

export type FakeSentry = {
  /** The DSN to configure: http://<key>@127.0.0.1:<port>/<projectId>. */
  dsn: string;
  envelopes: FakeSentryEnvelope[];
  /** Payloads of the `event` items (errors) received so far. */
  events: FakeSentryEvent[];
  /** Resolves once at least `count` events have arrived (the test's own time-out bounds the wait). */
  waitForEvents: (count: number) => Promise<FakeSentryEvent[]>;
  /** Requests refused for a wrong or missing key. */
  refused: number;
  close: () => Promise<void>;
};

const readBytes = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The key of `X-Sentry-Auth: Sentry sentry_key=…, sentry_version=7, …` or of `?sentry_key=…`. */
const sentKey = (request: IncomingMessage, url: URL): string | null => {
  const auth = request.headers['x-sentry-auth'];
  const fromHeader = typeof auth === 'string' ? /sentry_key=([^,\s]+)/.exec(auth)?.[1] : undefined;
  return fromHeader ?? url.searchParams.get('sentry_key');
};

export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: FakeSentryItem[] } {
  let at = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, at);
    const slice = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return slice;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: FakeSentryItem[] = [];
  while (at < body.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue;
    const itemHeader = JSON.parse(headerLine.toString('utf8')) as FakeSentryItem['header'];
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(at, at + itemHeader.length);
      at += itemHeader.length;
      if (body[at] === 0x0a) at += 1;
    } else payload = line();
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

export async function startFakeSentry(options: { key?: string; projectId?: string } = {}): Promise<FakeSentry> {
  const key = options.key ?? 'fakesentrypublickey';
  const projectId = options.projectId ?? '42';
  const envelopes: FakeSentryEnvelope[] = [];
  const events: FakeSentryEvent[] = [];
  const waiters: Array<{ count: number; resolve: (events: FakeSentryEvent[]) => void }> = [];
  const fake = { refused: 0 };

  const server = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    const compressed = await readBytes(request);
    if (request.method !== 'POST' || !match?.[1]) return sendJson(response, 404, { detail: 'not found' });
    if (sentKey(request, url) !== key || match[1] !== projectId) {
      fake.refused += 1;
      return sendJson(response, 401, { detail: 'invalid key or project' });
    }
    const encoding = request.headers['content-encoding'];
    let body: Buffer;
    try {
      body = encoding === 'gzip' ? gunzipSync(compressed) : encoding === 'deflate' ? inflateSync(compressed) : compressed;
      const { header, items } = parseEnvelope(body);
      envelopes.push({ projectId: match[1], header, items, raw: body.toString('utf8') });
      for (const item of items)
        if (item.header.type === 'event') events.push(JSON.parse(item.payload.toString('utf8')) as FakeSentryEvent);
    } catch {
      return sendJson(response, 400, { detail: 'invalid envelope' });
    }
    for (const waiter of [...waiters]) {
      if (events.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(events.slice());
    }
    sendJson(response, 200, { id: envelopes.at(-1)?.header.event_id ?? null });
  });

  const { port } = new URL(server.origin);
  return {
    dsn: `http://${key}@127.0.0.1:${port}/${projectId}`,
    envelopes,
    events,
    waitForEvents: (count) =>
      events.length >= count ? Promise.resolve(events.slice()) : new Promise((resolve) => waiters.push({ count, resolve })),
    get refused() {
      return fake.refused;
    },
    close: server.close,
  };
}
