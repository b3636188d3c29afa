// The WebPageFetcher port: fetches a creator's web page without becoming a way into our network.
// Every address a name resolves to must be public (address-guard.ts), checked again at connect
// time inside the connection's own lookup, so a name that answers differently the second time
// (DNS rebinding) is still refused, and the checked address is the one connected to. Redirects are
// followed by hand (at most 5), each target checked the same way; the whole fetch has a time limit
// and the body a size limit (after decompression); only HTML and plain text are accepted.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type FetchedPage, KnowledgeSourceError, type WebPageFetcher } from '@doppel/domain/ports';
import { canonicalAddress, isPublicAddress } from './address-guard.ts';

export type ResolvedAddress = { address: string; family: number };

export type WebPageFetcherConfig = {
  /**
   * Exact addresses that may be reached although they are not public (a test's local server, say
   * 127.0.0.2). Default none: production reaches public addresses only.
   */
  allowedPrivateAddresses?: readonly string[];
  /** How names are resolved; default every address `dns.lookup` gives. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Sent as User-Agent. */
  userAgent?: string;
};

export const maxRedirects = 5;
const acceptedTypes = ['text/html', 'application/xhtml+xml', 'text/plain'];

const refusedAddress = () =>
  new KnowledgeSourceError('This address points into a private network, which we do not read. Use a public web page.');
const unreachable = () => new KnowledgeSourceError('We could not reach this web page. Check the address, or try again later.');

const defaultResolve = async (hostname: string): Promise<ResolvedAddress[]> => dnsLookup(hostname, { all: true, verbatim: true });

type Hop = { status: number; location: string | null; response: IncomingMessage };

export function createWebPageFetcher(config: WebPageFetcherConfig = {}): WebPageFetcher {
  const allowed = new Set((config.allowedPrivateAddresses ?? []).map((address) => canonicalAddress(address) ?? address));
  const resolve = config.resolve ?? defaultResolve;
  const userAgent = config.userAgent ?? 'DoppelBot/1.0 (reads pages creators add to their twin)';

  /** Every address of a name, all of them public, or a refusal. */
  async function checkedAddresses(hostname: string): Promise<ResolvedAddress[]> {
    const literal = canonicalAddress(hostname);
    if (literal !== null) {
      if (!isPublicAddress(literal, allowed)) throw refusedAddress();
      return [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(hostname);
    } catch {
      throw new KnowledgeSourceError('We could not find this address. Check it for typos.');
    }
    if (addresses.length === 0) throw new KnowledgeSourceError('We could not find this address. Check it for typos.');
    // One private answer is enough to refuse: which one a connection would use is not ours to pick.
    if (addresses.some((entry) => !isPublicAddress(entry.address, allowed))) throw refusedAddress();
    return addresses;
  }

  /**
   * The connection's lookup: resolves and checks again at connect time, and hands the socket only
   * checked addresses. An error here fails the request with a refusal.
   */
  const guardedLookup =
    (onRefused: (error: KnowledgeSourceError) => void): LookupFunction =>
    (hostname, options, callback) => {
      checkedAddresses(hostname).then(
        (addresses) => {
          const family = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
          const [first] = usable;
          if (!first) return callback(Object.assign(new Error('no address of the asked family'), { code: 'ENOTFOUND' }), '', 4);
          if (options.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, usable);
          callback(null, first.address, first.family);
        },
        (error: unknown) => {
          if (error instanceof KnowledgeSourceError) onRefused(error);
          callback(Object.assign(new Error('address refused'), { code: 'EREFUSED' }), '', 4);
        },
      );
    };

  function request(url: URL, signal: AbortSignal): Promise<Hop> {
    return new Promise((resolvePromise, reject) => {
      let refusal: KnowledgeSourceError | null = null;
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        {
          method: 'GET',
          agent: false,
          signal,
          lookup: guardedLookup((error) => {
            refusal = error;
          }),
          headers: {
            'user-agent': userAgent,
            accept: 'text/html,application/xhtml+xml,text/plain;q=0.9',
            'accept-encoding': 'gzip, deflate, br',
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location ?? null;
          resolvePromise({ status, location, response });
        },
      );
      req.on('error', (error) => reject(refusal ?? error));
      req.end();
    });
  }

  function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
    const encoding = (response.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? createGunzip()
        : encoding === 'deflate'
          ? createInflate()
          : encoding === 'br'
            ? createBrotliDecompress()
            : null;
    if (encoding !== 'identity' && decoder === null) {
      response.destroy();
      return Promise.reject(new KnowledgeSourceError('This web page is sent in a way we cannot read.'));
    }
    const stream = decoder ? response.pipe(decoder) : response;
    return new Promise((resolvePromise, reject) => {
      const chunks: Buffer[] = [];
      let total = 0;
      const onAbort = () => fail(signal.reason as Error);
      const fail = (error: Error) => {
        signal.removeEventListener('abort', onAbort);
        response.destroy();
        decoder?.destroy();
        reject(error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) fail(tooLarge(maxBytes));
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        signal.removeEventListener('abort', onAbort);
        resolvePromise(new Uint8Array(Buffer.concat(chunks)));
      });
      stream.on('error', () => fail(new KnowledgeSourceError('This web page arrived damaged. Try again later.')));
      response.on('error', () => fail(unreachable()));
    });
  }

  return {
    fetchPage: async (address, { timeoutMs, maxBytes }) => {
      const timedOut = new KnowledgeSourceError('This web page took too long to answer.');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
      try {
        let url = parseAddress(address);
        for (let hop = 0; ; hop++) {
          // Checked before connecting for a clear answer; the lookup checks again at connect time.
          await checkedAddresses(url.hostname);
          let result: Hop;
          try {
            result = await request(url, controller.signal);
          } catch (error) {
            if (controller.signal.aborted) throw timedOut;
            if (error instanceof KnowledgeSourceError) throw error;
            throw unreachable();
          }
          const { status, location, response } = result;
          if (status >= 300 && status < 400 && location !== null) {
            response.destroy();
            if (hop >= maxRedirects) throw new KnowledgeSourceError('This web page redirects too many times.');
            url = parseAddress(location, url);
            continue;
          }
          if (status < 200 || status >= 300) {
            response.destroy();
            throw new KnowledgeSourceError(`This web page answered with an error (HTTP ${status}).`);
          }
          const contentType = (response.headers['content-type'] ?? '').toLowerCase();
          const mediaType = contentType.split(';')[0]?.trim() ?? '';
          if (!acceptedTypes.includes(mediaType)) {
            response.destroy();
            throw new KnowledgeSourceError(
              `This address is not a web page we can read (it is ${mediaType === '' ? 'of no stated type' : mediaType}).`,
            );
          }
          const declared = Number(response.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxBytes) {
            response.destroy();
            throw tooLarge(maxBytes);
          }
          const bytes = await readBody(response, maxBytes, controller.signal);
          const page: FetchedPage = { finalUrl: url.toString(), contentType, bytes };
          return page;
        }
      } catch (error) {
        if (controller.signal.aborted && !(error instanceof KnowledgeSourceError)) throw timedOut;
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function tooLarge(maxBytes: number): KnowledgeSourceError {
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new KnowledgeSourceError(`This web page is larger than the ${megabytes} MB we read.`);
}

/** An http or https address without credentials, resolved against `base` for a redirect. */
function parseAddress(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new KnowledgeSourceError('This is not a web address we can read.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new KnowledgeSourceError('Only http:// and https:// web pages can be read.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new KnowledgeSourceError('Web addresses with a user name or password are not read.');
  }
  url.hash = '';
  return url;
}
