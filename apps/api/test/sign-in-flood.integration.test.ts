// Issue 17, item 1: the sign-in email flood. Concurrent and batched calls to auth.requestSignInLink
// must not send more emails than the limits allow: per email, per address, per HTTP request.
import { devOutboxEmails, signInTokens } from '@doppel/db';
import { signInLinkLimits } from '@doppel/domain/auth';
import { maxCallsPerBatch } from '@doppel/validation';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/index.ts';
import { aloneInRequestMessage } from '../src/trpc/alone-in-request.ts';
import { type Api, createCaller, startApi } from './harness.ts';

let api: Api;
beforeAll(async () => {
  // Behind a trusted proxy (loopback here), each test speaks from its own address (X-Forwarded-For).
  api = await startApi({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => api.close());

async function emailsTo(emails: string[]): Promise<number> {
  return (await api.database.db.select().from(devOutboxEmails).where(inArray(devOutboxEmails.to, emails))).length;
}

/** What each settled call ended with: 'sent', or the error's code. */
function outcomes(results: PromiseSettledResult<unknown>[]): string[] {
  return results.map((result) => {
    if (result.status === 'fulfilled') return 'sent';
    const error = result.reason;
    return error instanceof TRPCClientError ? String((error.data as { code?: string } | undefined)?.code) : String(error);
  });
}

const count = (list: string[], value: string) => list.filter((item) => item === value).length;

/** A tRPC client that batches every call made in one tick into one HTTP request, as an attacker's would. */
function batchingClient(forwardedFor: string, maxItems?: number) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({ url: `${api.url}/trpc`, headers: { 'x-forwarded-for': forwardedFor }, ...(maxItems ? { maxItems } : {}) }),
    ],
  });
}

describe('sign-in links under concurrency', () => {
  it(`sends one inbox ${signInLinkLimits.perEmail} emails when 20 requests for it arrive at once`, async () => {
    const email = 'flooded@example.com';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        createCaller(api, { forwardedFor: '203.0.113.10' }).client.auth.requestSignInLink.mutate({ email }),
      ),
    );
    const seen = outcomes(results);
    expect(count(seen, 'sent')).toBe(signInLinkLimits.perEmail);
    expect(count(seen, 'TOO_MANY_REQUESTS')).toBe(20 - signInLinkLimits.perEmail);
    expect(await emailsTo([email])).toBe(signInLinkLimits.perEmail);
    expect(await api.database.db.select().from(signInTokens).where(eq(signInTokens.email, email))).toHaveLength(
      signInLinkLimits.perEmail,
    );
  });

  it(`sends one address ${signInLinkLimits.perAddress} emails when it asks for 40 inboxes at once`, async () => {
    const emails = Array.from({ length: 40 }, (_, i) => `spray-${i}@example.com`);
    const results = await Promise.allSettled(
      emails.map((email) => createCaller(api, { forwardedFor: '203.0.113.20' }).client.auth.requestSignInLink.mutate({ email })),
    );
    const seen = outcomes(results);
    expect(count(seen, 'sent')).toBe(signInLinkLimits.perAddress);
    expect(count(seen, 'TOO_MANY_REQUESTS')).toBe(40 - signInLinkLimits.perAddress);
    expect(await emailsTo(emails)).toBe(signInLinkLimits.perAddress);
  });
});

describe('sign-in links and batched requests', () => {
  it(`refuses whole batches of more than ${maxCallsPerBatch} calls: three concurrent batches of 21 send nothing`, async () => {
    const email = 'batched@example.com';
    const batches = Array.from({ length: 3 }, (_, b) => {
      const client = batchingClient(`203.0.113.${30 + b}`);
      return Array.from({ length: 21 }, () => client.auth.requestSignInLink.mutate({ email }));
    });
    const results = await Promise.allSettled(batches.flat());
    expect(count(outcomes(results), 'BAD_REQUEST')).toBe(63);
    const first = results[0];
    expect(first?.status === 'rejected' && (first.reason as Error).message).toBe('Batch call exceeds maximum size');
    expect(await emailsTo([email])).toBe(0);
  });

  it('refuses a sign-in link inside any batch, even a small one, and sends nothing', async () => {
    const client = batchingClient('203.0.113.40');
    const emails = ['pair-1@example.com', 'pair-2@example.com'];
    const results = await Promise.allSettled(emails.map((email) => client.auth.requestSignInLink.mutate({ email })));
    expect(outcomes(results)).toEqual(['BAD_REQUEST', 'BAD_REQUEST']);
    expect(results.map((result) => result.status === 'rejected' && (result.reason as Error).message)).toEqual([
      aloneInRequestMessage,
      aloneInRequestMessage,
    ]);
    expect(await emailsTo(emails)).toBe(0);

    // On its own (a batch of one, as the web client would never send, or a plain request) it is sent.
    await client.auth.requestSignInLink.mutate({ email: 'alone@example.com' });
    await createCaller(api, { forwardedFor: '203.0.113.40' }).client.auth.requestSignInLink.mutate({
      email: 'plain@example.com',
    });
    expect(await emailsTo(['alone@example.com', 'plain@example.com'])).toBe(2);
  });

  it(`answers every call of a client that batches at most ${maxCallsPerBatch} calls a request, as the web client does`, async () => {
    const client = batchingClient('203.0.113.50', maxCallsPerBatch);
    const answers = await Promise.all(Array.from({ length: 3 * maxCallsPerBatch + 1 }, () => client.auth.me.query()));
    expect(answers.every((answer) => answer === null)).toBe(true);
  });
});
