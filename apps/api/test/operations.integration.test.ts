// Operations over real HTTP: internal errors reach a Sentry-compatible ingest (the local fake, with
// the real @sentry/node SDK) carrying their error id and no cookie; /metrics counts calls and shows
// the job queues, behind its token; every answer carries a request id.

import { randomUUID } from 'node:crypto';
import { type FakeSentry, startFakeSentry } from '@doppel/integrations/testing';
import { createBoss, jobNames } from '@doppel/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalErrorMessage } from '../src/trpc/init.ts';
import { createTalent } from './chat-fixtures.ts';
import { type Api, createCaller, startApi } from './harness.ts';

const metricsToken = 'metrics-token-for-the-test-0123';
const secretCookie = 'doppel_session=cookie-that-must-not-leave-0123456789';

let sentry: FakeSentry;
let api: Api;

beforeAll(async () => {
  sentry = await startFakeSentry();
  api = await startApi({ env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'ci', METRICS_TOKEN: metricsToken } });
  // A job no worker takes (none runs here) waits in its queue. Sent before the first scrape, since
  // the queue figures are read at most every few seconds.
  const boss = createBoss(api.database.url, { role: 'client' });
  await boss.start();
  await boss.send('session.cleanup', {});
  await boss.stop({ graceful: false });
});
afterAll(async () => {
  await api?.close();
  await sentry?.close();
});

/** One sample of a metric in Prometheus' text format, 0 when the series does not exist yet. */
async function sample(name: string, labels: string): Promise<number> {
  const text = await scrape();
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function scrape(): Promise<string> {
  const response = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe('error reporting', () => {
  it('reports an internal error of a plain route with its error id, and the caller reads only the generic message', async () => {
    const before = sentry.events.length;
    // Postgres refuses NUL in text: the media lookup's query fails.
    const response = await fetch(`${api.url}/media/secret%00value/0`, { headers: { cookie: secretCookie } });
    expect(response.status).toBe(500);
    const answer = (await response.json()) as { error: string; errorId: string };
    expect(answer).toEqual({ error: internalErrorMessage, errorId: expect.stringMatching(/^[0-9a-f]{10}$/) });

    const event = (await sentry.waitForEvents(before + 1)).find((entry) => entry.tags?.error_id === answer.errorId);
    expect(event?.tags).toMatchObject({
      service: 'api',
      route: '/media/:messageId/:attachmentId',
      method: 'GET',
      request_id: response.headers.get('x-request-id'),
    });
    expect(event?.environment).toBe('ci');
    expect(event?.exception?.values?.map((value) => value.type)).toContain('PostgresError');
    expect(sentry.envelopes.map((envelope) => envelope.raw).join('\n')).not.toContain('cookie-that-must-not-leave');
  });

  it('reports an internal error of a tRPC call with its error id and procedure', async () => {
    const { sql } = api.database;
    const before = sentry.events.length;
    // system.info reads this column: without it the query fails as a bug would.
    await sql`alter table app_configs rename column min_version to min_version_gone`;
    let response: Response;
    try {
      response = await fetch(`${api.url}/trpc/system.info`, { headers: { cookie: secretCookie } });
    } finally {
      await sql`alter table app_configs rename column min_version_gone to min_version`;
    }
    expect(response.status).toBe(500);
    const answer = (await response.json()) as { error: { message: string; data: { errorId: string } } };
    expect(answer.error.message).toBe(internalErrorMessage);
    expect(JSON.stringify(answer)).not.toMatch(/min_version|select/i);

    const { errorId } = answer.error.data;
    const event = (await sentry.waitForEvents(before + 1)).find((entry) => entry.tags?.error_id === errorId);
    expect(event?.tags).toMatchObject({ procedure: 'system.info', type: 'query', route: '/trpc' });
    expect(event?.exception?.values?.map((value) => value.type)).toContain('PostgresError');
    expect(JSON.stringify(event)).not.toContain('cookie-that-must-not-leave');
  });
});

describe('/metrics', () => {
  it('counts calls per procedure and outcome', async () => {
    const ok = 'path="system.info",type="query",code="OK"';
    const before = await sample('doppel_trpc_calls_total', ok);
    for (let call = 0; call < 3; call++) expect((await fetch(`${api.url}/trpc/system.info`)).status).toBe(200);
    expect(await sample('doppel_trpc_calls_total', ok)).toBe(before + 3);
    expect(await sample('doppel_trpc_call_duration_seconds_count', ok)).toBe(before + 3);
    // A refusal of the tier counts under its code.
    expect((await fetch(`${api.url}/trpc/admin.status.get`)).status).toBe(401);
    expect(await sample('doppel_trpc_calls_total', 'path="admin.status.get",type="query",code="UNAUTHORIZED"')).toBe(1);
  });

  it('shows plain requests by route, open live streams, database connections and every job queue', async () => {
    await fetch(`${api.url}/health`);

    const text = await scrape();
    expect(text).toMatch(/^doppel_http_requests_total\{method="GET",route="\/health",status="200"\} \d+$/m);
    expect(text).toMatch(/^doppel_live_streams 0$/m);
    expect(text).toMatch(/^doppel_db_connections\{application="[^"]+",state="[^"]+"\} \d+$/m);
    for (const name of jobNames) expect(text).toMatch(new RegExp(`^doppel_job_queue_ready\\{queue="${name}"\\} \\d+$`, 'm'));
    expect(text).toMatch(/^doppel_job_queue_ready\{queue="session\.cleanup"\} [1-9]\d*$/m);
    expect(text).toMatch(/^doppel_job_queue_oldest_seconds\{queue="session\.cleanup"\} [\d.e-]+$/m);
  });

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await fetch(`${api.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${api.url}/metrics`, { headers: { authorization: 'Bearer not-the-metrics-token-000' } });
    expect(wrong.status).toBe(401);
  });

  it('is not served in production when no token is set', async () => {
    const production = await startApi({ env: { NODE_ENV: 'production', DEV_OUTBOX: 'on' } });
    try {
      const response = await fetch(`${production.url}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('doppel_');
    } finally {
      await production.close();
    }
  });
});

describe('request ids', () => {
  it('echoes a sane incoming X-Request-Id', async () => {
    const response = await fetch(`${api.url}/health`, { headers: { 'x-request-id': 'lb-7f3a.42:abc_DEF' } });
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a.42:abc_DEF');
  });

  it('makes a fresh id when none or an unusable one arrives', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const none = await fetch(`${api.url}/trpc/system.info`);
    const tooLong = await fetch(`${api.url}/health`, { headers: { 'x-request-id': 'x'.repeat(65) } });
    const odd = await fetch(`${api.url}/health`, { headers: { 'x-request-id': 'a "quoted" id' } });
    const ids = [none, tooLong, odd].map((response) => response.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(3);
  });

  it('hands the id on to the jobs the request enqueues, as their origin', async () => {
    const twin = await createTalent(api);
    const fan = createCaller(api, { requestId: 'fan-send-7f3a' });
    const { chat } = await fan.client.chat.open.mutate({ talentTag: twin.tag });
    const sent = await fan.client.chat.send.mutate({ chatId: chat.id, text: 'Hello there', idempotencyKey: randomUUID() });
    const [job] = await api.database.sql<{ data: Record<string, unknown> }[]>`
      select data from pgboss.job where name = 'chat.reply' and data->>'messageId' = ${sent.message.id}`;
    expect(job?.data).toEqual({ chatId: chat.id, messageId: sent.message.id, $origin: { requestId: 'fan-send-7f3a' } });
  });
});
