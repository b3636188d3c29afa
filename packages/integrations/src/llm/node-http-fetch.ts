// A `fetch` over node:http for the SDK's requests to the model (the worker's replies, embeddings,
// moderation and memory extraction; the API's crisis check), a streamed reply's body read as Node's
// own stream. Node's global fetch (undici) parses HTTP in WebAssembly and hands the body out
// through web streams: a promise and several objects per network chunk, for every reply streaming
// at once; that was about a sixth of the worker's CPU (docs/chat-engine.md#replies-at-scale-issue-31).
// The SDK still builds the request, reads the status and headers and turns an HTTP error (a 429 and
// its retry-after included) into its APIError, as with any fetch: the Response it gets carries the
// status, the headers and a web body that is only made to flow when something reads it (the SDK
// reads an error's text). `nodeResponseBody` hands the same body out as the Node stream instead.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** A response's Node body, while nothing has read its web body. */
const nodeBodies = new WeakMap<Response, IncomingMessage>();

/**
 * The body of a response as Node's stream: for a response from `createNodeHttpFetch`, the socket's
 * own stream, while nothing has read its web body; for any other (a request this fetch passed to
 * the global fetch) its web body wrapped. Undefined when the response has no body.
 */
export function nodeResponseBody(response: Response): Readable | undefined {
  const body = nodeBodies.get(response);
  nodeBodies.delete(response);
  if (body && !response.bodyUsed) return body;
  return response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : undefined;
}

/** undici's default: a body that sends nothing for this long fails, rather than holding its reply for good. */
const defaultBodyTimeoutMs = 300_000;

/**
 * A fetch for requests with a string body (or none) to an http(s) URL; anything else goes to the
 * global fetch. Connections are kept alive per origin, as undici keeps them. An aborted signal
 * rejects with an `AbortError` (the SDK's timeout), before the headers or while the body flows.
 */
export function createNodeHttpFetch(options: { bodyTimeoutMs?: number } = {}): typeof fetch {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const idleMs = options.bodyTimeoutMs ?? defaultBodyTimeoutMs;
  return (input, init) => {
    const url = typeof input === 'string' ? URL.parse(input) : input instanceof URL ? input : null;
    const body = init?.body;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || (body != null && typeof body !== 'string')) {
      return fetch(input, init);
    }
    const signal = init?.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request(url, {
        method: init?.method ?? 'GET',
        headers,
        agent: secure ? agents.https : agents.http,
      });
      const onAbort = () => request.destroy(abortError(signal));
      signal?.addEventListener('abort', onAbort, { once: true });
      request.setTimeout(idleMs, () => request.destroy(new Error(`${url.host} sent nothing for ${idleMs} ms`)));
      // Before the headers the promise rejects; after them the body's stream fails with the error.
      request.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      });
      request.on('response', (incoming) => {
        incoming.on('close', () => signal?.removeEventListener('abort', onAbort));
        const responseHeaders = new Headers();
        const raw = incoming.rawHeaders;
        for (let index = 0; index + 1 < raw.length; index += 2)
          responseHeaders.append(raw[index] as string, raw[index + 1] as string);
        const status = incoming.statusCode ?? 0;
        const empty = request.method === 'HEAD' || status === 204 || status === 205 || status === 304;
        const response = new Response(empty ? null : idleWebBody(incoming), {
          status,
          statusText: incoming.statusMessage ?? '',
          headers: responseHeaders,
        });
        if (empty) incoming.resume();
        else nodeBodies.set(response, incoming);
        resolve(response);
      });
      request.end(body ?? undefined);
    });
  };
}

/** A web stream over the Node body that reads nothing until it is read (high water mark 0). */
function idleWebBody(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= incoming[Symbol.asyncIterator]();
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        incoming.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}
