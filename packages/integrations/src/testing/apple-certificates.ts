// A certificate chain shaped like Apple's App Store signing chain, and JWS signers that produce what
// StoreKit 2 and App Store Server Notifications v2 produce, so tests run Apple's real
// SignedDataVerifier (give it `rootCertificate` as the trusted root) without Apple's keys.
// The verifier wants: a 3-certificate `x5c` (leaf, intermediate, root) in an ES256 JWS; the
// intermediate signed by a trusted root, a CA, carrying 1.2.840.113635.100.6.2.1; the leaf signed by
// the intermediate, carrying 1.2.840.113635.100.6.11.1; every certificate valid (±60 s) at the
// payload's `signedDate` when online checks are off.

import { webcrypto } from 'node:crypto';
import type { JWSTransactionDecodedPayload } from '@apple/app-store-server-library';

const APPLE_INTERMEDIATE_MARKER = '1.2.840.113635.100.6.2.1';
const APPLE_LEAF_MARKER = '1.2.840.113635.100.6.11.1';
/** Apple's marker extensions hold an ASN.1 NULL. */
const ASN1_NULL = new Uint8Array([0x05, 0x00]);
const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

export type AppleTestChainOptions = {
  /** Start of every certificate's validity; default a day ago. */
  notBefore?: Date;
  /** End of every certificate's validity; default ten years ahead. */
  notAfter?: Date;
  /** false leaves out Apple's marker extensions: a chain any CA could issue, which the verifier must refuse. */
  appleMarkers?: boolean;
};

/** A StoreKit 2 transaction to sign; anything left out gets what a sandbox consumable purchase has. */
export type AppleTestTransaction = JWSTransactionDecodedPayload & {
  transactionId: string;
  productId: string;
  bundleId: string;
};

/** An App Store Server Notification v2 to sign; `transaction` is signed into `data.signedTransactionInfo`. */
export type AppleTestNotification = {
  notificationType: string;
  subtype?: string;
  /** Default a random UUID. */
  notificationUUID?: string;
  /** Default now (milliseconds). */
  signedDate?: number;
  bundleId: string;
  /** Default 'Sandbox'. */
  environment?: string;
  appAppleId?: number;
  /** Signed with the notification's bundle id and environment unless it names its own. */
  transaction?: Omit<AppleTestTransaction, 'bundleId'> & { bundleId?: string };
};

export type AppleTestChain = {
  /** The root certificate (DER) to trust in the verifier. */
  rootCertificate: Buffer;
  /** The JWS `x5c` header: leaf, intermediate, root as base64 DER. */
  x5c: string[];
  /** Signs any payload as an ES256 JWS with this chain (for malformed or hand-built payloads). */
  sign: (payload: object) => Promise<string>;
  /** A StoreKit 2 signed transaction (JWSTransaction). */
  signTransaction: (transaction: AppleTestTransaction) => Promise<string>;
  /** An App Store Server Notification v2 `signedPayload` (responseBodyV2DecodedPayload). */
  signNotification: (notification: AppleTestNotification) => Promise<string>;
};

export async function createAppleTestChain(options: AppleTestChainOptions = {}): Promise<AppleTestChain> {
  // @peculiar/x509 loads tsyringe, which needs the Reflect metadata polyfill before it is imported.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto);

  const now = Date.now();
  const validity = {
    notBefore: options.notBefore ?? new Date(now - DAY_MS),
    notAfter: options.notAfter ?? new Date(now + 3650 * DAY_MS),
  };
  const markers = options.appleMarkers ?? true;
  const generateKeys = () => webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify']);
  const [rootKeys, intermediateKeys, leafKeys] = await Promise.all([generateKeys(), generateKeys(), generateKeys()]);
  const marker = (oid: string) => (markers ? [new x509.Extension(oid, false, ASN1_NULL)] : []);

  const rootName = 'CN=Doppel Test Apple Root CA - G3, OU=Apple Certification Authority, O=Doppel Test, C=US';
  const intermediateName = 'CN=Doppel Test Apple Worldwide Developer Relations CA - G6, O=Doppel Test, C=US';
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    ...validity,
    serialNumber: '01',
    name: rootName,
    keys: rootKeys,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const intermediate = await x509.X509CertificateGenerator.create({
    ...validity,
    serialNumber: '02',
    subject: intermediateName,
    issuer: root.subject,
    publicKey: intermediateKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ...marker(APPLE_INTERMEDIATE_MARKER),
    ],
  });
  const leaf = await x509.X509CertificateGenerator.create({
    ...validity,
    serialNumber: '03',
    subject: 'CN=Doppel Test Prod ECC Mac App Store and iTunes Store Receipt Signing, O=Doppel Test, C=US',
    issuer: intermediate.subject,
    publicKey: leafKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      ...marker(APPLE_LEAF_MARKER),
    ],
  });

  const der = (certificate: { rawData: ArrayBuffer }) => Buffer.from(certificate.rawData);
  const x5c = [leaf, intermediate, root].map((certificate) => der(certificate).toString('base64'));
  const sign = (payload: object) => signJws(payload, leafKeys.privateKey, x5c);

  const signTransaction = (transaction: AppleTestTransaction) => {
    const signedAt = transaction.signedDate ?? Date.now();
    return sign({
      originalTransactionId: transaction.transactionId,
      purchaseDate: signedAt,
      originalPurchaseDate: signedAt,
      quantity: 1,
      type: 'Consumable',
      inAppOwnershipType: 'PURCHASED',
      environment: 'Sandbox',
      transactionReason: 'PURCHASE',
      storefront: 'USA',
      storefrontId: '143441',
      ...transaction,
      signedDate: signedAt,
    });
  };

  const signNotification = async (notification: AppleTestNotification) => {
    const environment = notification.environment ?? 'Sandbox';
    const signedDate = notification.signedDate ?? Date.now();
    const signedTransactionInfo = notification.transaction
      ? await signTransaction({
          bundleId: notification.bundleId,
          environment,
          signedDate,
          ...notification.transaction,
        } as AppleTestTransaction)
      : undefined;
    return sign({
      notificationType: notification.notificationType,
      ...(notification.subtype ? { subtype: notification.subtype } : {}),
      notificationUUID: notification.notificationUUID ?? webcrypto.randomUUID(),
      version: '2.0',
      signedDate,
      data: {
        ...(notification.appAppleId === undefined ? {} : { appAppleId: notification.appAppleId }),
        bundleId: notification.bundleId,
        bundleVersion: '1',
        environment,
        ...(signedTransactionInfo ? { signedTransactionInfo } : {}),
      },
    });
  };

  return { rootCertificate: der(root), x5c, sign, signTransaction, signNotification };
}

/** A compact JWS like Apple's: header { alg: ES256, x5c }, signature as raw r‖s (what WebCrypto returns). */
const signJws = async (payload: object, key: webcrypto.CryptoKey, x5c: string[]): Promise<string> => {
  const header = Buffer.from(JSON.stringify({ alg: 'ES256', x5c })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = await webcrypto.subtle.sign(ES256, key, Buffer.from(`${header}.${body}`));
  return `${header}.${body}.${Buffer.from(signature).toString('base64url')}`;
};
