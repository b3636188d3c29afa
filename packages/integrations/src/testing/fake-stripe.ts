// A local Stripe API for tests: the real `stripe` SDK talks to it over HTTP (config `api`). It speaks
// Stripe's protocol (form-encoded bodies with nested keys, Bearer secret key, JSON objects and
// `{ error: { type, message } }` errors, idempotency keys), keeps a small account (fake-stripe-account.ts)
// and plays what customers do, returning the events Stripe would send; `sign` turns one into a webhook
// delivery signed like Stripe's. Serves: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
// POST /v1/checkout/sessions/:id/expire, GET /v1/invoices/:id, /v1/invoice_payments(?invoice=&status=),
// /v1/invoice_payments/:id, /v1/subscriptions/:id, /v1/payment_intents/:id, /v1/charges/:id,
// /v1/disputes/:id, /v1/prices/:id, /v1/events/:id; DELETE /v1/subscriptions/:id and POST /v1/refunds
// (fake-stripe-give-back.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { createFakeStripeAccount, type FakeStripeAccount } from './fake-stripe-account.ts';
import { FakeStripeError, type FormObject, optionalInteger, optionalString, parseStripeForm } from './fake-stripe-form.ts';
import { cancelSubscriptionNow, createRefund } from './fake-stripe-give-back.ts';
import { type FakeStripeEvent, stripeId } from './fake-stripe-objects.ts';
import {
  renderCharge,
  renderDispute,
  renderInvoice,
  renderInvoicePayment,
  renderPaymentIntent,
  renderPrice,
  renderSession,
  renderSubscription,
} from './fake-stripe-render.ts';
import { listen, readBody, sendJson } from './http.ts';

export type { FakeStripeEvent } from './fake-stripe-objects.ts';

export type FakeStripeOptions = {
  /** The only key the fake accepts (`Authorization: Bearer …`); default `sk_test_fake_stripe`. */
  secretKey?: string;
  /** The default secret of `sign`; default `whsec_fake_stripe`. */
  webhookSecret?: string;
  /** The account's clock (object timestamps, billing periods); default the real one. */
  now?: () => Date;
};

/** A request as the fake received it, body and query parsed from Stripe's form encoding. */
export type FakeStripeRequest = {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  authorization: string | null;
  idempotencyKey: string | null;
  stripeVersion: string | null;
};

/** Make the next matching requests fail like a Stripe outage (`stripe-should-retry: false`, so the SDK gives up). */
export type FakeStripeFailure = { method?: string; path: string | RegExp; status?: number; message?: string; times?: number };

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

type Route = { method: string; pattern: RegExp; answer: (id: string, request: FakeStripeRequest) => object };

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake_stripe';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_stripe';
  const now = options.now ?? (() => new Date());
  const requests: FakeStripeRequest[] = [];
  const failures: (Required<Omit<FakeStripeFailure, 'method'>> & Pick<FakeStripeFailure, 'method'>)[] = [];
  const replays = new Map<string, { body: string; status: number; answer: unknown }>();
  let origin = '';
  const account: FakeStripeAccount = createFakeStripeAccount({ now, checkoutUrl: (id) => `${origin}/c/pay/${id}` });
  const { find } = account;

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, answer: (_, r) => renderSession(account.createSession(r.body)) },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      answer: (id) => {
        account.expire(id);
        return renderSession(find(account.sessions, id, 'checkout.session'));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      answer: (id) => renderSession(find(account.sessions, id, 'checkout.session')),
    },
    { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, answer: (id) => renderInvoice(find(account.invoices, id, 'invoice')) },
    { method: 'GET', pattern: /^\/v1\/invoice_payments$/, answer: (_, r) => listInvoicePayments(account, r.query) },
    {
      method: 'GET',
      pattern: /^\/v1\/invoice_payments\/([^/]+)$/,
      answer: (id) => renderInvoicePayment(find(account.invoicePayments, id, 'invoice_payment')),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: (id) => renderSubscription(find(account.subscriptions, id, 'subscription')),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      answer: (id) => renderPaymentIntent(find(account.paymentIntents, id, 'payment_intent')),
    },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, answer: (id) => renderCharge(find(account.charges, id, 'charge')) },
    { method: 'GET', pattern: /^\/v1\/disputes\/([^/]+)$/, answer: (id) => renderDispute(find(account.disputes, id, 'dispute')) },
    { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, answer: (id) => renderPrice(find(account.prices, id, 'price')) },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, answer: (id) => find(account.events, id, 'event') },
    { method: 'DELETE', pattern: /^\/v1\/subscriptions\/([^/]+)$/, answer: (id) => cancelSubscriptionNow(account, id) },
    { method: 'POST', pattern: /^\/v1\/refunds$/, answer: (_, r) => createRefund(account, r.body) },
  ];

  const handle = async (incoming: IncomingMessage, response: ServerResponse): Promise<void> => {
    response.setHeader('request-id', stripeId('req', 14));
    response.setHeader('stripe-version', String(incoming.headers['stripe-version'] ?? Stripe.API_VERSION));
    const url = new URL(incoming.url ?? '/', 'http://fake-stripe');
    const text = await readBody(incoming);
    const request: FakeStripeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: parseStripeForm(text),
      authorization: incoming.headers.authorization ?? null,
      idempotencyKey: header(incoming, 'idempotency-key'),
      stripeVersion: header(incoming, 'stripe-version'),
    };
    requests.push(request);
    refuseUnauthorized(request.authorization, secretKey);

    const failure = failures.find((f) => (!f.method || f.method === request.method) && matches(f.path, request.path));
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      response.setHeader('stripe-should-retry', 'false');
      throw new FakeStripeError(failure.status, failure.message);
    }

    const replayKey = request.method === 'POST' && request.idempotencyKey ? `${request.path} ${request.idempotencyKey}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) {
      if (replay.body !== text) {
        throw new FakeStripeError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          { type: 'idempotency_error' },
        );
      }
      response.setHeader('idempotent-replayed', 'true');
      return sendJson(response, replay.status, replay.answer);
    }

    for (const route of routes) {
      const match = route.method === request.method ? route.pattern.exec(request.path) : null;
      if (!match) continue;
      const answer = route.answer(decodeURIComponent(match[1] ?? ''), request);
      if (replayKey) replays.set(replayKey, { body: text, status: 200, answer });
      return sendJson(response, 200, answer);
    }
    throw new FakeStripeError(404, `Unrecognized request URL (${request.method}: ${request.path}).`);
  };

  const server = await listen((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      const failure = error instanceof FakeStripeError ? error : new FakeStripeError(500, `Fake Stripe failed: ${String(error)}`);
      const { status, type, code, param, message } = failure;
      sendJson(response, status, { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } });
    });
  });
  origin = server.origin;
  const port = Number(new URL(origin).port);

  return {
    origin,
    /** Pass as `api` to createStripeCardPayments. */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    secretKey,
    webhookSecret,
    requests,
    /** The account's records, for what the helpers below do not cover. */
    account,
    addPrice: account.addPrice,
    pay: account.pay,
    settleAsyncPayment: account.settleAsyncPayment,
    renew: account.renew,
    refund: account.refund,
    dispute: account.dispute,
    closeDispute: account.closeDispute,
    cancelSubscription: account.cancelSubscription,
    cancelAtPeriodEnd: account.cancelAtPeriodEnd,
    expire: account.expire,
    event: account.event,
    /** Objects as GET /v1/… answers them. */
    checkoutSession: (id: string) => renderSession(find(account.sessions, id, 'checkout.session')),
    invoice: (id: string) => renderInvoice(find(account.invoices, id, 'invoice')),
    subscription: (id: string) => renderSubscription(find(account.subscriptions, id, 'subscription')),
    /** The requests to one endpoint, e.g. requestsTo('POST', '/v1/checkout/sessions'). */
    requestsTo: (method: string, path: string | RegExp) => requests.filter((r) => r.method === method && matches(path, r.path)),
    /**
     * The event as Stripe delivers it: the raw body and its Stripe-Signature header. `timestamp`
     * (Unix seconds, default the real now) makes a stale or future delivery.
     */
    sign: (event: FakeStripeEvent, secret = webhookSecret, signOptions: { timestamp?: number } = {}) => {
      const payload = JSON.stringify(event, null, 2);
      const timestamp = signOptions.timestamp ?? Math.floor(Date.now() / 1000);
      return { body: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
    },
    failNext: (failure: FakeStripeFailure) => {
      failures.push({
        ...failure,
        status: failure.status ?? 500,
        message: failure.message ?? 'An unknown error occurred (fake outage).',
        times: failure.times ?? 1,
      });
    },
    /** Forget requests, scripted failures and the whole account. */
    reset: () => {
      requests.length = 0;
      failures.length = 0;
      replays.clear();
      account.reset();
    },
    close: server.close,
  };
}

function listInvoicePayments(account: FakeStripeAccount, query: FormObject) {
  const invoice = optionalString(query, 'invoice');
  const status = optionalString(query, 'status');
  const limit = optionalInteger(query, 'limit') ?? 10;
  const matching = [...account.invoicePayments.values()]
    .filter((payment) => (!invoice || payment.invoiceId === invoice) && (!status || status === 'paid'))
    .sort((a, b) => b.created - a.created);
  return {
    object: 'list',
    data: matching.slice(0, limit).map(renderInvoicePayment),
    has_more: matching.length > limit,
    url: '/v1/invoice_payments',
  };
}

function refuseUnauthorized(authorization: string | null, secretKey: string): void {
  const key = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
  if (!key) {
    throw new FakeStripeError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  // Stripe masks the key it refuses; so does the fake, so no test log shows a whole key.
  if (key !== secretKey)
    throw new FakeStripeError(401, `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`);
}

const header = (incoming: IncomingMessage, name: string): string | null => {
  const value = incoming.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

const matches = (path: string | RegExp, actual: string) => (typeof path === 'string' ? path === actual : path.test(actual));
