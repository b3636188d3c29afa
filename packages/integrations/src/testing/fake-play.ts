// A local Google Play Developer API for tests: the real `@googleapis/androidpublisher` client and
// google-auth-library's JWT client talk to it over HTTP. It serves
// - POST /token: the OAuth2 token endpoint; it checks the service account's RS256-signed JWT
//   assertion (issuer it knows, signature, audience, scope, expiry) and hands out bearer tokens;
// - GET  /androidpublisher/v3/applications/{packageName}/purchases/products/{productId}/tokens/{token}
//   (a ProductPurchase) and POST ….:consume, for bearer tokens it issued.
// Point the adapter at it with `rootUrl: fake.origin` and `serviceAccount: fake.serviceAccount`
// (whose token_uri is the fake's). Notifications are built by fake-play-notifications.ts.

import { createPublicKey, verify } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createTestServiceAccount, type PlayTestServiceAccount } from './fake-play-accounts.ts';
import { type DeveloperNotificationInput, type PubSubPushEnvelope, pushEnvelope } from './fake-play-notifications.ts';
import { listen, readBody, sendJson } from './http.ts';

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const PRODUCT_PATH =
  /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/:]+)(:consume|:acknowledge)?$/;

/** A purchase the fake knows. Leave out purchaseType for a normal purchase (Google sets it only for test, promo, rewarded). */
export type FakePlayPurchase = {
  productId: string;
  token: string;
  orderId: string;
  /** 0 purchased (default), 1 cancelled, 2 pending. */
  purchaseState?: 0 | 1 | 2;
  /** 0 test (license tester), 1 promo, 2 rewarded. */
  purchaseType?: 0 | 1 | 2;
  consumptionState?: 0 | 1;
  acknowledgementState?: 0 | 1;
  purchaseTimeMillis?: number;
  regionCode?: string;
};

/** A purchase as the fake holds it, defaults filled in. */
export type FakePlayStoredPurchase = Omit<Required<FakePlayPurchase>, 'purchaseType'> & { purchaseType?: 0 | 1 | 2 };

/** One request the fake received (token and API alike). */
export type FakePlayRequest = { method: string; path: string; authorization: string | null; body: string };

export type FakePlay = {
  /** The API root for the client (`rootUrl`). */
  origin: string;
  /** The OAuth2 token endpoint; the service account's token_uri. */
  tokenUrl: string;
  packageName: string;
  /** A service account the token endpoint trusts, with token_uri pointing here. */
  serviceAccount: PlayTestServiceAccount;
  /** Every request, in order. */
  requests: FakePlayRequest[];
  /** Just the Android Publisher API requests. */
  apiRequests: () => FakePlayRequest[];
  /** Access tokens handed out by the token endpoint, in order. */
  issuedTokens: string[];
  addPurchase: (purchase: FakePlayPurchase) => void;
  /** The purchase as the fake now holds it (consumed or not), or undefined. */
  purchase: (token: string) => FakePlayStoredPurchase | undefined;
  /** Makes the next `times` API requests (not token requests) fail with this HTTP status. */
  failNext: (status: number, times?: number) => void;
  /** The body Pub/Sub POSTs for a voided purchase (refund or chargeback) of a one-time product. */
  voidedNotification: (input: {
    orderId: string;
    purchaseToken: string;
    /** Not part of Google's voided notification; accepted so callers may pass it, and ignored. */
    productId?: string;
    refundType?: 1 | 2;
    packageName?: string;
  }) => PubSubPushEnvelope;
  /** The body Pub/Sub POSTs for a one-time product purchased (1) or cancelled (2). */
  oneTimeProductNotification: (input: {
    purchaseToken: string;
    productId: string;
    notificationType?: 1 | 2;
    packageName?: string;
  }) => PubSubPushEnvelope;
  /** The body Pub/Sub POSTs when "Send test notification" is pressed in Play Console. */
  testNotification: (input?: { packageName?: string }) => PubSubPushEnvelope;
  /** Any developer notification in a push envelope (for malformed or future kinds). */
  pushNotification: (notification: DeveloperNotificationInput) => PubSubPushEnvelope;
  /** Forget requests, issued tokens, purchases and queued failures. */
  reset: () => void;
  close: () => Promise<void>;
};

export type FakePlayOptions = { packageName?: string; trustedServiceAccounts?: PlayTestServiceAccount[] };

export async function startFakePlay(options: FakePlayOptions = {}): Promise<FakePlay> {
  const packageName = options.packageName ?? 'app.doppel.android';
  const purchases = new Map<string, FakePlayStoredPurchase>();
  const requests: FakePlayRequest[] = [];
  const issuedTokens: string[] = [];
  const failures: number[] = [];
  let messageSequence = 0;
  const accounts = new Map<string, PlayTestServiceAccount>();
  const trust = (account: PlayTestServiceAccount) => accounts.set(account.client_email, account);

  const server = await listen(async (request, response) => {
    try {
      const body = await readBody(request);
      const path = decodeURI((request.url ?? '/').split('?')[0] ?? '/');
      const authorization = request.headers.authorization ?? null;
      requests.push({ method: request.method ?? 'GET', path, authorization, body });
      if (request.method === 'POST' && path === '/token') {
        const grant = grantToken(body);
        return sendJson(response, grant.status, grant.body);
      }
      const match = PRODUCT_PATH.exec(path);
      if (!match) return sendJson(response, 404, googleError(404, `Unknown path: ${request.method} ${path}`, 'notFound'));
      if (!authorization?.startsWith('Bearer ') || !issuedTokens.includes(authorization.slice('Bearer '.length))) {
        return sendJson(response, 401, googleError(401, 'Request had invalid authentication credentials.', 'authError'));
      }
      const failure = failures.shift();
      if (failure !== undefined)
        return sendJson(response, failure, googleError(failure, `Fake failure ${failure}`, 'backendError'));
      const [, pkg, productId, token, action] = match.map((part) => (part ? decodeURIComponent(part) : part));
      if (pkg !== packageName) {
        return sendJson(
          response,
          404,
          googleError(404, 'No application was found for the given package name.', 'applicationNotFound'),
        );
      }
      const purchase = token ? purchases.get(token) : undefined;
      if (!purchase || purchase.productId !== productId) {
        return sendJson(response, 400, googleError(400, 'Invalid Value', 'invalid'));
      }
      if (request.method === 'GET' && !action) return sendJson(response, 200, productPurchase(purchase));
      if (request.method === 'POST' && action === ':consume') return consume(response, purchase);
      return sendJson(response, 405, googleError(405, 'Method not allowed', 'methodNotAllowed'));
    } catch (error) {
      sendJson(response, 500, googleError(500, error instanceof Error ? error.message : 'Fake server error', 'backendError'));
    }
  });
  const tokenUrl = `${server.origin}/token`;

  /** Google's checks of a JWT bearer grant (RFC 7523), answered with Google's error shapes. */
  const grantToken = (body: string): { status: number; body: unknown } => {
    const refuse = (error: string, description: string) => ({
      status: 400,
      body: { error, error_description: description },
    });
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return refuse('unsupported_grant_type', 'Invalid grant_type.');
    }
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
    const claims = parseJson(payload) as { iss?: string; aud?: string; scope?: string; exp?: number; iat?: number } | null;
    if (!header || !payload || !signature || !claims || (parseJson(header) as { alg?: string } | null)?.alg !== 'RS256') {
      return refuse('invalid_grant', 'Invalid JWT: malformed.');
    }
    const account = claims.iss ? accounts.get(claims.iss) : undefined;
    if (!account) return refuse('invalid_grant', 'Invalid grant: account not found');
    const key = createPublicKey(account.private_key);
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))) {
      return refuse('invalid_grant', 'Invalid JWT Signature.');
    }
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== GOOGLE_TOKEN_URL && claims.aud !== tokenUrl) {
      return refuse('invalid_grant', 'Invalid JWT: Token must be for this audience.');
    }
    if (!claims.exp || claims.exp < now || !claims.iat || claims.iat > now + 60) {
      return refuse('invalid_grant', 'Invalid JWT: Token must be a short-lived token.');
    }
    if (!claims.scope?.split(' ').includes(PUBLISHER_SCOPE)) {
      return refuse('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    }
    const accessToken = `ya29.fake-${issuedTokens.length + 1}-${Math.random().toString(36).slice(2)}`;
    issuedTokens.push(accessToken);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  };

  const consume = (response: ServerResponse, purchase: FakePlayStoredPurchase): void => {
    if (purchase.consumptionState === 1) {
      sendJson(response, 400, googleError(400, 'The product purchase is not owned by the user.', 'productNotOwnedByUser'));
      return;
    }
    purchase.consumptionState = 1;
    response.writeHead(204).end();
  };

  const serviceAccount = { ...(await createTestServiceAccount()), token_uri: tokenUrl };
  trust(serviceAccount);
  for (const account of options.trustedServiceAccounts ?? []) trust(account);
  const envelope = (notification: DeveloperNotificationInput) => {
    messageSequence += 1;
    return pushEnvelope({ packageName, ...notification }, String(4_000_000_000_000 + messageSequence));
  };

  return {
    origin: server.origin,
    tokenUrl,
    packageName,
    serviceAccount,
    requests,
    apiRequests: () => requests.filter((entry) => entry.path.startsWith('/androidpublisher/')),
    issuedTokens,
    addPurchase: (purchase) => {
      purchases.set(purchase.token, {
        purchaseState: 0,
        consumptionState: 0,
        acknowledgementState: 0,
        purchaseTimeMillis: Date.now(),
        regionCode: 'US',
        ...purchase,
      });
    },
    purchase: (token) => purchases.get(token),
    failNext: (status, times = 1) => {
      for (let index = 0; index < times; index += 1) failures.push(status);
    },
    voidedNotification: ({ orderId, purchaseToken, refundType = 1, packageName: pkg }) =>
      envelope({
        ...(pkg ? { packageName: pkg } : {}),
        voidedPurchaseNotification: { purchaseToken, orderId, productType: 2, refundType },
      }),
    oneTimeProductNotification: ({ purchaseToken, productId, notificationType = 1, packageName: pkg }) =>
      envelope({
        ...(pkg ? { packageName: pkg } : {}),
        oneTimeProductNotification: { version: '1.0', notificationType, purchaseToken, sku: productId },
      }),
    testNotification: (input = {}) =>
      envelope({ ...(input.packageName ? { packageName: input.packageName } : {}), testNotification: { version: '1.0' } }),
    pushNotification: envelope,
    reset: () => {
      requests.length = 0;
      issuedTokens.length = 0;
      failures.length = 0;
      purchases.clear();
    },
    close: server.close,
  };
}

/** A ProductPurchase as Google returns it: int64 as a string, purchaseType only when set. */
const productPurchase = (purchase: FakePlayStoredPurchase) => ({
  kind: 'androidpublisher#productPurchase',
  purchaseTimeMillis: String(purchase.purchaseTimeMillis),
  purchaseState: purchase.purchaseState,
  consumptionState: purchase.consumptionState,
  developerPayload: '',
  orderId: purchase.orderId,
  ...(purchase.purchaseType === undefined ? {} : { purchaseType: purchase.purchaseType }),
  acknowledgementState: purchase.acknowledgementState,
  regionCode: purchase.regionCode,
});

/** Google's JSON error body (the shape gaxios reads its message from). */
const googleError = (code: number, message: string, reason: string) => ({
  error: { code, message, errors: [{ message, domain: 'androidpublisher', reason }] },
});

const parseJson = (base64url: string | undefined): unknown => {
  try {
    return base64url ? JSON.parse(Buffer.from(base64url, 'base64url').toString('utf8')) : null;
  } catch {
    return null;
  }
};
