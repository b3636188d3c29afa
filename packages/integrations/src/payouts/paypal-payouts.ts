// PayPalPayouts through PayPal's Payouts REST API over fetch (no SDK): an OAuth2 client-credentials
// token, POST /v1/payments/payouts for a batch of one item and GET /v1/payments/payouts/{id}.
// Never paying twice rests on PayPal's own rule: a sender_batch_id used in the last 30 days is
// refused with a link to the original batch, and a 5xx may be retried with the same id. So a lost
// answer is retried as is, and a "duplicate" refusal is answered with the original batch.
import { PayPalPayoutError, type PayPalPayoutState, type PayPalPayouts, type ProviderPayoutState } from '@doppel/domain/ports';

export type PayPalPayoutsConfig = {
  clientId: string;
  clientSecret: string;
  /** API root, e.g. https://api-m.sandbox.paypal.com (tests: the fake's URL). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** Waits before the second and third attempt after a 5xx or a network error; default 500 ms and 2 s. */
  retryDelaysMs?: readonly number[];
};

/** PayPal's sandbox: the default, so live keys are used only when PAYPAL_API_URL says so. */
export const defaultPayPalApiUrl = 'https://api-m.sandbox.paypal.com';

const defaultTimeoutMs = 15_000;
const defaultRetryDelaysMs = [500, 2_000];
/** A token this close to its expiry is renewed first, so it cannot lapse in flight. */
const tokenRenewalMarginMs = 60_000;

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json };

export function createPayPalPayouts(config: PayPalPayoutsConfig): PayPalPayouts {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
  const retryDelaysMs = config.retryDelaysMs ?? defaultRetryDelaysMs;
  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  const send = async (method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> => {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: { accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  };

  const fetchToken = async (): Promise<string> => {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await send(
      'POST',
      '/v1/oauth2/token',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    );
    if (answer.status >= 500) throw new Error(`PayPal's token endpoint answered HTTP ${answer.status}`);
    if (answer.status !== 200) throw refusal(answer);
    const value = answer.body.access_token;
    const expiresIn = Number(answer.body.expires_in);
    if (typeof value !== 'string' || !value) throw new Error('PayPal answered the token request without an access_token');
    const lifetimeMs = Number.isFinite(expiresIn) ? expiresIn * 1000 : 0;
    token = { value, renewAt: Date.now() + lifetimeMs - tokenRenewalMarginMs };
    return value;
  };

  // Concurrent calls share one token request instead of each asking for its own.
  const accessToken = async (): Promise<string> => {
    if (token && Date.now() < token.renewAt) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  };

  /** One attempt: the request with a bearer token, and once more with a new token if PayPal refused the old one. */
  const authorized = async (method: string, path: string, body?: Json): Promise<Answer> => {
    const headers = (bearer: string): Record<string, string> => ({
      authorization: `Bearer ${bearer}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    });
    const payload = body ? JSON.stringify(body) : undefined;
    const first = await accessToken();
    const answer = await send(method, path, headers(first), payload);
    if (answer.status !== 401) return answer;
    if (token?.value === first) token = null;
    return send(method, path, headers(await accessToken()), payload);
  };

  /** Retries a 5xx or a network failure (same request, same sender_batch_id: safe by PayPal's rule); answers anything else. */
  const call = async (method: string, path: string, body?: Json): Promise<Answer> => {
    let lastFailure = '';
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt += 1) {
      if (attempt > 0) await delay(retryDelaysMs[attempt - 1] ?? 0);
      try {
        const answer = await authorized(method, path, body);
        if (answer.status < 500) return answer;
        lastFailure = `HTTP ${answer.status}: ${errorMessage(answer)}`;
      } catch (error) {
        if (error instanceof PayPalPayoutError) throw error;
        lastFailure = error instanceof Error ? error.message : String(error);
      }
    }
    throw new Error(`PayPal ${method} ${path} failed after ${retryDelaysMs.length + 1} attempts: ${lastFailure}`);
  };

  const readBatch = async (batchId: string): Promise<Json> => {
    const answer = await call('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`);
    if (answer.status !== 200) throw refusal(answer);
    return answer.body;
  };

  return {
    async createBatch(request) {
      const value = decimalAmount(request.amountCents);
      const answer = await call('POST', '/v1/payments/payouts', {
        sender_batch_header: {
          sender_batch_id: request.senderBatchId,
          email_subject: 'You have a payout from Doppel',
          email_message: request.note,
          recipient_type: 'EMAIL',
        },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value, currency: request.currency },
            receiver: request.receiverEmail,
            note: request.note,
            sender_item_id: request.senderBatchId,
          },
        ],
      });
      if (answer.status === 200 || answer.status === 201) return toBatch(answer.body);
      const originalId = duplicateBatchId(answer);
      if (!originalId) throw refusal(answer);
      // Only the id is taken from PayPal's link: the token goes to our configured base URL, never to a host an answer names.
      const original = await readBatch(originalId);
      const senderBatchId = objectAt(objectAt(original, 'batch_header'), 'sender_batch_header').sender_batch_id;
      if (senderBatchId !== undefined && senderBatchId !== request.senderBatchId) {
        throw new Error(`PayPal linked batch ${originalId} of sender_batch_id ${String(senderBatchId)} as the duplicate`);
      }
      return toBatch(original);
    },
    async getBatch(batchId) {
      return toBatch(await readBatch(batchId));
    },
  };
}

/** Integer cents as PayPal's decimal string, exactly (8000 -> "80.00"). */
function decimalAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError(`A payout amount must be a positive whole number of cents, not ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Item states (transaction_status) after which PayPal will not pay: the payout failed. */
const failedItemStates = ['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED'];

/**
 * PayPal's batch and item states in our words: a denied or canceled batch or a failed item has
 * failed; a successful batch whose item succeeded (or that reports no item) is paid; anything else
 * (PENDING, PROCESSING, an UNCLAIMED or ONHOLD item) is still under way.
 */
function stateOf(batchStatus: string, itemStatus: string | null): ProviderPayoutState {
  if (batchStatus === 'DENIED' || batchStatus === 'CANCELED') return 'failed';
  if (itemStatus !== null && failedItemStates.includes(itemStatus)) return 'failed';
  return batchStatus === 'SUCCESS' && (itemStatus ?? 'SUCCESS') === 'SUCCESS' ? 'paid' : 'pending';
}

function toBatch(body: Json): PayPalPayoutState {
  const header = objectAt(body, 'batch_header');
  const batchId = header.payout_batch_id;
  const batchStatus = header.batch_status;
  if (typeof batchId !== 'string' || typeof batchStatus !== 'string') {
    throw new Error('PayPal answered without a batch_header.payout_batch_id and batch_status');
  }
  const items = Array.isArray(body.items) ? body.items : [];
  const item = isObject(items[0]) ? items[0] : null;
  const itemStatus = item && typeof item.transaction_status === 'string' ? item.transaction_status : null;
  const reason = messageOf(item?.errors) ?? messageOf(header.errors);
  const state = stateOf(batchStatus, itemStatus);
  // PayPal names no reason for some failures (a returned or reversed item): its state is the reason then.
  const failureReason = state === 'failed' ? (reason ?? `PayPal reported ${itemStatus ?? batchStatus}`) : null;
  return { batchId, providerStatus: batchStatus, state, failureReason };
}

/** The original batch's id when PayPal refused a sender_batch_id it already has, from the HATEOAS link it sends. */
function duplicateBatchId(answer: Answer): string | null {
  if (answer.status !== 400 || answer.body.name !== 'USER_BUSINESS_ERROR' || !Array.isArray(answer.body.details)) return null;
  for (const detail of answer.body.details) {
    if (!isObject(detail) || String(detail.field).toUpperCase() !== 'SENDER_BATCH_ID') continue;
    const links = Array.isArray(detail.link) ? detail.link : [detail.link];
    for (const link of links) {
      if (!isObject(link) || typeof link.href !== 'string') continue;
      const match = /\/v1\/payments\/payouts\/([^/?#]+)\/?(?:[?#].*)?$/.exec(link.href);
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
  }
  return null;
}

function refusal(answer: Answer): PayPalPayoutError {
  const code =
    typeof answer.body.name === 'string' ? answer.body.name : typeof answer.body.error === 'string' ? answer.body.error : null;
  return new PayPalPayoutError(errorMessage(answer), answer.status, code);
}

/** PayPal's message: `message` (with each detail's issue) for the API, `error_description` for OAuth. */
function errorMessage(answer: Answer): string {
  const { body } = answer;
  const base =
    typeof body.message === 'string' ? body.message : typeof body.error_description === 'string' ? body.error_description : null;
  if (!base) return `PayPal answered HTTP ${answer.status}`;
  const issues = (Array.isArray(body.details) ? body.details : [])
    .filter(isObject)
    .map((detail) => (typeof detail.field === 'string' ? `${detail.field}: ${String(detail.issue)}` : String(detail.issue)));
  return issues.length > 0 ? `${base} (${issues.join('; ')})` : base;
}

const messageOf = (value: unknown): string | null =>
  isObject(value) && typeof value.message === 'string' ? value.message : null;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const objectAt = (value: Json, key: string): Json => {
  const inner = value[key];
  return isObject(inner) ? inner : {};
};

function parseJson(text: string): Json {
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : {};
  } catch {
    // A proxy's HTML error page or an empty body: the status alone tells what happened.
    return {};
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
