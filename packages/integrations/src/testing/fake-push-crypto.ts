// What a push service and a browser do with a Web Push request, written from the RFCs with
// node:crypto only (not with web-push, so the adapter is checked against an independent reading):
// the VAPID JWT check of the push service (RFC 8292) and the browser's aes128gcm decryption
// (RFC 8188 content coding with RFC 8291's keys). Plus a self-signed TLS certificate for 127.0.0.1,
// since push services are HTTPS only.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, webcrypto } from 'node:crypto';

export type BrowserKeys = {
  /** The browser's P-256 key pair (uncompressed public point, raw private scalar). */
  publicKey: Buffer;
  privateKey: Buffer;
  /** The 16-byte auth secret. */
  authSecret: Buffer;
};

/** A fresh subscription key pair and auth secret, as a browser makes for pushManager.subscribe(). */
export function createBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey(), privateKey: ecdh.getPrivateKey(), authSecret: randomBytes(16) };
}

export type VapidClaims = { publicKey: string; audience: string; subject: string; expiresAt: number };

/** A request the push service refuses, with the status it answers and why. */
export class PushRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PushRefusal';
    this.status = status;
  }
}

const maxJwtLifetimeSeconds = 24 * 60 * 60;
const clockSkewSeconds = 60;

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 JWT signed by `k`,
 * for this push service's origin, not expired and valid for at most a day, with a mailto: or https:
 * contact. Throws PushRefusal 401 otherwise.
 */
export function verifyVapid(authorization: string | undefined, origin: string, nowSeconds = Date.now() / 1000): VapidClaims {
  const scheme = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!scheme?.[1]) throw new PushRefusal(401, 'Authorization must be "vapid t=<JWT>, k=<public key>"');
  const params = new Map(
    scheme[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new PushRefusal(401, 'The vapid authorization lacks t= or k=');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new PushRefusal(401, 'k= is not an uncompressed P-256 public key');

  const [headerPart, payloadPart, signaturePart] = token.split('.');
  if (!headerPart || !payloadPart || !signaturePart) throw new PushRefusal(401, 't= is not a JWT');
  const header = parseJson(headerPart);
  if (header.alg !== 'ES256') throw new PushRefusal(401, `The JWT must be signed with ES256, not ${String(header.alg)}`);
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new PushRefusal(401, 'The JWT signature does not verify with k=');

  const claims = parseJson(payloadPart);
  if (claims.aud !== origin) throw new PushRefusal(401, `The JWT audience is ${String(claims.aud)}, not ${origin}`);
  const exp = claims.exp;
  if (typeof exp !== 'number' || exp <= nowSeconds) throw new PushRefusal(401, 'The JWT has expired or has no exp');
  if (exp > nowSeconds + maxJwtLifetimeSeconds + clockSkewSeconds)
    throw new PushRefusal(401, 'The JWT is valid for more than 24 hours');
  const subject = claims.sub;
  if (typeof subject !== 'string' || !/^(mailto:|https:)/.test(subject)) {
    throw new PushRefusal(401, 'The JWT subject must be a mailto: or https: contact');
  }
  return { publicKey: key, audience: origin, subject, expiresAt: exp };
}

function parseJson(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw new PushRefusal(401, 'The JWT is not base64url JSON');
}

const tagLength = 16;
const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);

/**
 * The browser's side of RFC 8291: the aes128gcm body (salt, record size, the sender's public key as
 * key id, then records) decrypted with the subscription's private key and auth secret.
 */
export function decryptPushPayload(body: Buffer, keys: BrowserKeys): Buffer {
  if (body.length < 21) throw new PushRefusal(400, 'The body is too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublicKey[0] !== 0x04)
    throw new PushRefusal(400, "The key id is not the sender's P-256 public key");
  if (recordSize < tagLength + 2) throw new PushRefusal(400, `Record size ${recordSize} is too small`);

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, keys.authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));

  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let start = 0, index = 0; start < records.length; start += recordSize, index += 1) {
    const record = records.subarray(start, start + recordSize);
    const isLast = start + recordSize >= records.length;
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's low bits (RFC 8188 section 2.3); a
    // body of 4 KiB never counts past the last 32 of them (JS bit operators stop at 32 bits).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ index) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - tagLength));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - tagLength)), decipher.final()]);
    } catch {
      throw new PushRefusal(400, `Record ${index} does not decrypt with the subscription's keys`);
    }
    // Padding: a delimiter (2 on the last record, 1 before) followed by zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== (isLast ? 2 : 1)) throw new PushRefusal(400, `Record ${index} has no valid padding delimiter`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** A self-signed certificate for 127.0.0.1 and its key (PEM), for the fake's HTTPS server. */
export async function selfSignedCertificate(commonName: string): Promise<{ certificate: string; privateKey: string }> {
  // @peculiar/x509 loads tsyringe, which needs the Reflect metadata polyfill before it is imported.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto);
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${commonName}`,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 30 * 86_400_000),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }]),
      new x509.BasicConstraintsExtension(false),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const privateKey = `-----BEGIN PRIVATE KEY-----\n${pkcs8.replace(/.{1,64}/g, '$&\n')}-----END PRIVATE KEY-----\n`;
  return { certificate: certificate.toString('pem'), privateKey };
}
