// A local PayPal Payouts API for tests: createPayPalPayouts talks to it over HTTP (`baseUrl: fake.url`).
// It serves
// - POST /v1/oauth2/token: client credentials in Basic auth, form body grant_type=client_credentials;
//   answers { access_token, token_type, expires_in, … } or 401 { error: 'invalid_client' };
// - POST /v1/payments/payouts: a batch, for a bearer token it issued (401 otherwise); a sender_batch_id
//   it already holds is refused like PayPal does: 400 USER_BUSINESS_ERROR whose SENDER_BATCH_ID detail
//   links the original batch;
// - GET /v1/payments/payouts/{payout_batch_id}: the batch with its items (404 INVALID_RESOURCE_ID).
// A new batch is PENDING. It settles on its next GET (autoSettle, the default; setAutoSettle(false)
// keeps it pending) or when a test calls settle(batchId, outcome?): items SUCCESS, except a receiver
// containing "fail", whose item FAILS with { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is
// unregistered' }. paidCount(senderBatchId) counts the items created under that id, so a test can
// prove a payout was paid once. failNextCreates(n, mode) scripts outages of the create call: 'error'
// answers 500 before creating; 'lost' creates the batch and answers 500; 'dropped' creates it and
// closes the connection without an answer. revokeTokens() makes PayPal forget the tokens it issued.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  apiError,
  batchFromRequest,
  batchLink,
  type FakePayPalBatch,
  type FakePayPalOutcome,
  renderBatch,
  settleBatch,
} from './fake-paypal-batches.ts';
import { listen, readBody, sendJson } from './http.ts';

export type { FakePayPalBatch, FakePayPalItem, FakePayPalOutcome } from './fake-paypal-batches.ts';

export type FakePayPalOptions = {
  clientId?: string;
  clientSecret?: string;
  /** expires_in of issued tokens; default 32400 (PayPal's nine hours). */
  tokenLifetimeSeconds?: number;
  /** Settle a pending batch on its next GET; default true. */
  autoSettle?: boolean;
};

export type FakePayPalCreateFailure = 'error' | 'lost' | 'dropped';

/** A request as the fake received it. */
export type FakePayPalRequest = { method: string; path: string; authorization: string | null; body: string };

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;

const serverError = () => apiError('INTERNAL_SERVER_ERROR', 'An internal server error occurred.');

export async function startFakePayPal(options: FakePayPalOptions = {}) {
  const clientId = options.clientId ?? 'fake-paypal-client';
  const clientSecret = options.clientSecret ?? 'fake-paypal-secret';
  const lifetime = options.tokenLifetimeSeconds ?? 32_400;
  let autoSettle = options.autoSettle ?? true;
  const requests: FakePayPalRequest[] = [];
  const tokens = new Map<string, number>();
  const issuedTokens: string[] = [];
  const batches = new Map<string, FakePayPalBatch>();
  const bySender = new Map<string, FakePayPalBatch>();
  const paid = new Map<string, number>();
  const createFailures: FakePayPalCreateFailure[] = [];
  let origin = '';

  const find = (id: string) => batches.get(id) ?? bySender.get(id);

  const grantToken = (authorization: string | null, body: string): { status: number; body: object } => {
    const credentials = authorization?.startsWith('Basic ')
      ? Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8')
      : null;
    if (credentials !== `${clientId}:${clientSecret}`) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + lifetime * 1000);
    issuedTokens.push(accessToken);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payouts https://uri.paypal.com/payments/payouts',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: lifetime,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      },
    };
  };

  /** The create call's answer, or null when the connection is to be dropped without one. */
  const createBatch = (body: string): { status: number; body: object } | null => {
    const request = batchFromRequest(body);
    if ('error' in request) return { status: 400, body: request.error };
    const failure = createFailures.shift();
    if (failure === 'error') return { status: 500, body: serverError() };
    const { batch } = request;
    const existing = bySender.get(batch.senderBatchId);
    if (existing) {
      const link = batchLink(origin, existing);
      const details = [
        { field: 'SENDER_BATCH_ID', location: 'body', issue: 'Batch with given sender_batch_id already exists', link: [link] },
      ];
      return { status: 400, body: apiError('USER_BUSINESS_ERROR', 'User business error.', { details }) };
    }
    batches.set(batch.payoutBatchId, batch);
    bySender.set(batch.senderBatchId, batch);
    paid.set(batch.senderBatchId, (paid.get(batch.senderBatchId) ?? 0) + batch.items.length);
    if (failure === 'dropped') return null;
    if (failure === 'lost') return { status: 500, body: serverError() };
    const header = { payout_batch_id: batch.payoutBatchId, batch_status: batch.batchStatus };
    return {
      status: 201,
      body: { batch_header: { ...header, sender_batch_header: batch.senderBatchHeader }, links: [batchLink(origin, batch)] },
    };
  };

  const answerApi = (method: string, path: string, authorization: string | null, body: string) => {
    if (!authorization?.startsWith('Bearer ')) {
      const message = 'Authentication failed due to invalid authentication credentials or a missing Authorization header.';
      return { status: 401, body: apiError('AUTHENTICATION_FAILURE', message) };
    }
    const expiresAt = tokens.get(authorization.slice('Bearer '.length));
    if (expiresAt === undefined) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Access Token not found in cache' } };
    }
    if (expiresAt <= Date.now()) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
    }
    if (method === 'POST' && path === '/v1/payments/payouts') return createBatch(body);
    const match = method === 'GET' ? /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path) : null;
    if (!match) return { status: 404, body: apiError('NOT_FOUND', `No route for ${method} ${path}`) };
    const batch = batches.get(decodeURIComponent(match[1] ?? ''));
    if (!batch) return { status: 404, body: apiError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.') };
    if (autoSettle && batch.batchStatus === 'PENDING') settleBatch(batch);
    return { status: 200, body: renderBatch(origin, batch) };
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(incoming);
    const method = incoming.method ?? 'GET';
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const authorization = incoming.headers.authorization ?? null;
    requests.push({ method, path, authorization, body });
    const answer =
      method === 'POST' && path === '/v1/oauth2/token'
        ? grantToken(authorization, body)
        : answerApi(method, path, authorization, body);
    if (answer) sendJson(response, answer.status, answer.body);
    else response.socket?.destroy();
  };

  const server = await listen((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      sendJson(response, 500, apiError('INTERNAL_SERVER_ERROR', `Fake PayPal failed: ${String(error)}`));
    });
  });
  origin = server.origin;

  return {
    /** Pass as `baseUrl` to createPayPalPayouts. */
    url: origin,
    clientId,
    clientSecret,
    /** Every request, in order (token requests included). */
    requests,
    /** Access tokens handed out, in order. */
    issuedTokens,
    /** The requests that created (or tried to create) a batch. */
    createRequests: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments/payouts'),
    /** How many items were created (paid) under this sender_batch_id: 1 for a payout paid once. */
    paidCount: (senderBatchId: string) => paid.get(senderBatchId) ?? 0,
    /** The batch as the fake holds it, by payout_batch_id or sender_batch_id. */
    batch: (id: string): FakePayPalBatch | undefined => find(id),
    /** Ends a batch (by payout_batch_id or sender_batch_id); without an outcome, as its receivers would. */
    settle: (id: string, outcome?: FakePayPalOutcome): FakePayPalBatch => {
      const batch = find(id);
      if (!batch) throw new Error(`The fake PayPal has no batch ${id}`);
      settleBatch(batch, outcome);
      return batch;
    },
    /** Whether a pending batch settles on its next GET. */
    setAutoSettle: (on: boolean) => {
      autoSettle = on;
    },
    /** Makes the next `times` create calls fail the given way. */
    failNextCreates: (times: number, mode: FakePayPalCreateFailure = 'error') => {
      for (let index = 0; index < times; index += 1) createFailures.push(mode);
    },
    /** PayPal forgets every token it issued, as when they expire: the next API call answers 401. */
    revokeTokens: () => tokens.clear(),
    /** Forget requests, tokens, batches and scripted failures. */
    reset: () => {
      requests.length = 0;
      issuedTokens.length = 0;
      tokens.clear();
      batches.clear();
      bySender.clear();
      paid.clear();
      createFailures.length = 0;
      autoSettle = options.autoSettle ?? true;
    },
    close: server.close,
  };
}
