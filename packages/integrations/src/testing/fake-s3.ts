// A local S3-compatible server for tests: path-style PUT/GET/HEAD on /{bucket}/{key} as the real
// REST API has them (XML error bodies, ETag, Content-Type/Length), behind a full AWS Signature V4
// check, so the official SDK talks to it exactly as it talks to S3, MinIO or R2.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from './http.ts';

export type FakeS3Object = { bytes: Buffer; contentType: string; etag: string; lastModified: Date };

export type FakeS3Request = { method: string; bucket: string; key: string; accessKeyId: string | null; status: number };

export type FakeS3Options = {
  /** Buckets that exist; others answer NoSuchBucket. Default one, `doppel-test`. */
  buckets?: string[];
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

export type FakeS3 = {
  /** The endpoint for S3_ENDPOINT (use path-style addressing). */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request that reached a bucket, with the status it was answered. */
  requests: FakeS3Request[];
  /** The stored object, or undefined. */
  object: (bucket: string, key: string) => FakeS3Object | undefined;
  /** The keys in a bucket, sorted. */
  keys: (bucket: string) => string[];
  /** Answer the next request with this status and S3 error code (e.g. 500 InternalError or 503 SlowDown, to see a retry). */
  failNext: (status: number, code: string) => void;
  close: () => Promise<void>;
};

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 canonicalises query strings. */
const escapeUri = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
const xmlEscape = (value: string) => value.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type SignatureCheck =
  | { ok: true; accessKeyId: string }
  | { ok: false; status: number; code: string; message: string; accessKeyId: string | null };

const authorizationPattern =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Recomputes the request's Signature V4 from what arrived, as S3 does. */
function checkSignature(
  request: IncomingMessage,
  rawPath: string,
  rawQuery: string,
  body: Buffer,
  expected: Required<Omit<FakeS3Options, 'buckets'>>,
): SignatureCheck {
  const header = request.headers.authorization;
  if (!header)
    return { ok: false, status: 403, code: 'AccessDenied', message: 'Anonymous access is forbidden', accessKeyId: null };
  const match = authorizationPattern.exec(header);
  if (!match)
    return {
      ok: false,
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: 'Malformed Authorization header',
      accessKeyId: null,
    };
  const [, accessKeyId = '', date = '', region, service, signedHeaders = '', signature] = match;
  const fail = (status: number, code: string, message: string): SignatureCheck => ({
    ok: false,
    status,
    code,
    message,
    accessKeyId,
  });
  if (accessKeyId !== expected.accessKeyId)
    return fail(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== expected.region || service !== 's3')
    return fail(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${expected.region}'`,
    );
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!amzDate.startsWith(date) || Number.isNaN(signedAt) || Math.abs(Date.now() - signedAt) > 15 * 60_000)
    return fail(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))
    return fail(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date'))
    return fail(403, 'AccessDenied', 'Host and x-amz-date must be signed');
  const canonicalHeaders = names
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.replace(/\s+/g, ' ').trim()}\n`;
    })
    .join('');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => escapeUri(decodeURIComponent(part))))
    // Sorted by key, then value, as the signer sorts them.
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key = '', value = '']) => `${key}=${value}`)
    .join('&');
  // S3 signs the path exactly as sent: no normalisation, no second encoding.
  const canonicalRequest = [request.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${expected.secretAccessKey}`, date), expected.region), 's3'), 'aws4_request');
  if (createHmac('sha256', key).update(stringToSign).digest('hex') !== signature)
    return fail(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  return { ok: true, accessKeyId };
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const settings = {
    region: options.region ?? 'us-east-1',
    accessKeyId: options.accessKeyId ?? 'FAKEACCESSKEY',
    secretAccessKey: options.secretAccessKey ?? 'fake-secret-access-key',
  };
  const buckets = new Map((options.buckets ?? ['doppel-test']).map((name) => [name, new Map<string, FakeS3Object>()]));
  const requests: FakeS3Request[] = [];
  const failures: Array<{ status: number; code: string }> = [];

  const server = await listen(async (request, response) => {
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
    const [, bucketName = '', ...keyParts] = rawPath.split('/');
    const bucket = decodeURIComponent(bucketName);
    const key = decodeURIComponent(keyParts.join('/'));
    const method = request.method ?? 'GET';
    const body = await readBytes(request);
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const record = (status: number, accessKeyId: string | null) => requests.push({ method, bucket, key, accessKeyId, status });

    const error = (status: number, code: string, message: string, accessKeyId: string | null) => {
      record(status, accessKeyId);
      // HEAD answers carry no body; the SDK then knows the error only by its status.
      const xml =
        method === 'HEAD'
          ? ''
          : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>` +
            `${key ? `<Key>${xmlEscape(key)}</Key>` : ''}<BucketName>${xmlEscape(bucket)}</BucketName><RequestId>${requestId}</RequestId></Error>`;
      response.writeHead(status, {
        'content-type': 'application/xml',
        'content-length': Buffer.byteLength(xml),
        'x-amz-request-id': requestId,
      });
      response.end(xml);
    };

    const signature = checkSignature(request, rawPath, rawQuery, body, settings);
    if (!signature.ok) return error(signature.status, signature.code, signature.message, signature.accessKeyId);
    const failure = failures.shift();
    if (failure) return error(failure.status, failure.code, 'Fake failure', signature.accessKeyId);
    const objects = buckets.get(bucket);
    if (!objects) return error(404, 'NoSuchBucket', 'The specified bucket does not exist', signature.accessKeyId);
    if (!key) return error(501, 'NotImplemented', 'Bucket operations are not implemented by this fake', signature.accessKeyId);

    if (method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      const contentType = String(request.headers['content-type'] ?? 'binary/octet-stream');
      objects.set(key, { bytes: body, contentType, etag, lastModified: new Date() });
      record(200, signature.accessKeyId);
      response.writeHead(200, { etag, 'content-length': 0, 'x-amz-request-id': requestId });
      return response.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return error(404, 'NoSuchKey', 'The specified key does not exist.', signature.accessKeyId);
      record(200, signature.accessKeyId);
      return sendObject(response, object, method, requestId);
    }
    return error(405, 'MethodNotAllowed', `The specified method is not allowed against this resource.`, signature.accessKeyId);
  });

  return {
    url: server.origin,
    ...settings,
    requests,
    object: (bucket, key) => buckets.get(bucket)?.get(key),
    keys: (bucket) => [...(buckets.get(bucket)?.keys() ?? [])].sort(),
    failNext: (status, code) => {
      failures.push({ status, code });
    },
    close: server.close,
  };
}

function sendObject(response: ServerResponse, object: FakeS3Object, method: string, requestId: string): void {
  response.writeHead(200, {
    'content-type': object.contentType,
    'content-length': object.bytes.length,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'x-amz-request-id': requestId,
  });
  response.end(method === 'HEAD' ? undefined : object.bytes);
}
