// The PayPal Payouts client against the local fake PayPal over real HTTP (no database needed).
import { PayPalPayoutError, type PayPalPayoutRequest } from '@doppel/domain/ports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayPal, startFakePayPal } from '../testing/index.ts';
import { createPayPalPayouts, type PayPalPayoutsConfig } from './paypal-payouts.ts';

let fake: FakePayPal;
let config: PayPalPayoutsConfig;
beforeAll(async () => {
  fake = await startFakePayPal();
  // Short waits between retries keep the outage tests fast; the retry logic is the same.
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url, retryDelaysMs: [5, 10] };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const payout = (overrides: Partial<PayPalPayoutRequest> = {}): PayPalPayoutRequest => ({
  senderBatchId: '0b9a3c52-4f1e-4a57-9d0e-6f1f2b3c4d5e',
  receiverEmail: 'creator@example.com',
  amountCents: 8000,
  currency: 'USD',
  note: 'Your Doppel earnings',
  ...overrides,
});

const failureOf = async (promise: Promise<unknown>): Promise<Error> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

const sentBody = (index = 0) => JSON.parse(fake.createRequests()[index]?.body ?? '{}');

describe('createPayPalPayouts', () => {
  it('gets a token with the client credentials, creates the batch, then reads its state', async () => {
    const payPal = createPayPalPayouts(config);
    const created = await payPal.createBatch(payout());
    expect(created).toEqual({ batchId: expect.any(String), providerStatus: 'PENDING', state: 'pending', failureReason: null });

    const [tokenRequest, createRequest] = fake.requests;
    expect(tokenRequest?.path).toBe('/v1/oauth2/token');
    expect(tokenRequest?.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
    expect(new URLSearchParams(tokenRequest?.body).get('grant_type')).toBe('client_credentials');
    expect(createRequest?.authorization).toBe(`Bearer ${fake.issuedTokens[0]}`);
    expect(sentBody()).toEqual({
      sender_batch_header: {
        sender_batch_id: payout().senderBatchId,
        email_subject: expect.any(String),
        email_message: 'Your Doppel earnings',
        recipient_type: 'EMAIL',
      },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: '80.00', currency: 'USD' },
          receiver: 'creator@example.com',
          note: 'Your Doppel earnings',
          sender_item_id: payout().senderBatchId,
        },
      ],
    });

    expect(await payPal.getBatch(created.batchId)).toEqual({
      batchId: created.batchId,
      providerStatus: 'SUCCESS',
      state: 'paid',
      failureReason: null,
    });
  });

  it('sends integer cents as an exact two-decimal amount', async () => {
    const payPal = createPayPalPayouts(config);
    const amounts: [number, string][] = [
      [8000, '80.00'],
      [1, '0.01'],
      [2005, '20.05'],
      [123456789, '1234567.89'],
    ];
    for (const [index, [cents]] of amounts.entries())
      await payPal.createBatch(payout({ senderBatchId: `p-${index}`, amountCents: cents }));
    expect(amounts.map((_, index) => sentBody(index).items[0].amount.value)).toEqual(amounts.map(([, value]) => value));
  });

  it('refuses a fractional or non-positive amount before calling PayPal', async () => {
    const payPal = createPayPalPayouts(config);
    expect(await failureOf(payPal.createBatch(payout({ amountCents: 80.5 })))).toBeInstanceOf(RangeError);
    expect(await failureOf(payPal.createBatch(payout({ amountCents: 0 })))).toBeInstanceOf(RangeError);
    expect(fake.requests).toHaveLength(0);
  });

  it('reuses its access token, and fetches a new one once when PayPal refuses it', async () => {
    const payPal = createPayPalPayouts(config);
    const { batchId } = await payPal.createBatch(payout());
    await payPal.getBatch(batchId);
    expect(fake.issuedTokens).toHaveLength(1);

    fake.revokeTokens();
    expect((await payPal.getBatch(batchId)).batchId).toBe(batchId);
    expect(fake.issuedTokens).toHaveLength(2);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`).slice(-3)).toEqual([
      `GET /v1/payments/payouts/${batchId}`,
      'POST /v1/oauth2/token',
      `GET /v1/payments/payouts/${batchId}`,
    ]);
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${fake.issuedTokens[1]}`);
  });

  it('renews a token that is about to expire before using it', async () => {
    const shortLived = await startFakePayPal({ tokenLifetimeSeconds: 30 });
    try {
      const payPal = createPayPalPayouts({ ...config, clientId: shortLived.clientId, baseUrl: shortLived.url });
      const { batchId } = await payPal.createBatch(payout());
      await payPal.getBatch(batchId);
      expect(shortLived.issuedTokens).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });

  it('throws PayPalPayoutError with PayPal’s answer for wrong credentials, and pays nothing', async () => {
    const payPal = createPayPalPayouts({ ...config, clientSecret: 'not-the-secret' });
    const error = await failureOf(payPal.createBatch(payout()));
    expect(error).toBeInstanceOf(PayPalPayoutError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_client', message: 'Client Authentication failed' });
    expect(fake.createRequests()).toHaveLength(0);
    expect(fake.paidCount(payout().senderBatchId)).toBe(0);
  });

  it('throws PayPalPayoutError for a refused request without retrying it', async () => {
    const error = await failureOf(createPayPalPayouts(config).createBatch(payout({ receiverEmail: 'not-an-email' })));
    expect(error).toBeInstanceOf(PayPalPayoutError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toContain('Receiver is invalid or does not match with type');
    expect(fake.createRequests()).toHaveLength(1);
  });

  it('answers the original batch when the same sender_batch_id is sent again, and PayPal pays once', async () => {
    const first = await createPayPalPayouts(config).createBatch(payout());
    const again = await createPayPalPayouts(config).createBatch(payout());
    expect(again.batchId).toBe(first.batchId);
    expect(fake.createRequests()).toHaveLength(2);
    expect(fake.paidCount(payout().senderBatchId)).toBe(1);
  });

  it('retries a lost answer (batch created, 500 returned) and answers that batch, paid once', async () => {
    fake.failNextCreates(1, 'lost');
    const batch = await createPayPalPayouts(config).createBatch(payout());
    expect(batch.batchId).toBe(fake.batch(payout().senderBatchId)?.payoutBatchId);
    expect(fake.createRequests()).toHaveLength(2);
    expect(JSON.parse(fake.createRequests()[1]?.body ?? '{}')).toEqual(sentBody(0));
    expect(fake.paidCount(payout().senderBatchId)).toBe(1);
  });

  it('retries a connection dropped after the batch was created, paid once', async () => {
    fake.failNextCreates(1, 'dropped');
    const batch = await createPayPalPayouts(config).createBatch(payout());
    expect(batch.batchId).toBe(fake.batch(payout().senderBatchId)?.payoutBatchId);
    expect(fake.paidCount(payout().senderBatchId)).toBe(1);
  });

  it('retries a 500 up to two more times, then gives up with a plain error and nothing paid', async () => {
    fake.failNextCreates(2, 'error');
    expect((await createPayPalPayouts(config).createBatch(payout())).providerStatus).toBe('PENDING');
    expect(fake.createRequests()).toHaveLength(3);

    fake.reset();
    fake.failNextCreates(3, 'error');
    const error = await failureOf(createPayPalPayouts(config).createBatch(payout()));
    expect(error).not.toBeInstanceOf(PayPalPayoutError);
    expect(error.message).toContain('failed after 3 attempts');
    expect(fake.createRequests()).toHaveLength(3);
    expect(fake.paidCount(payout().senderBatchId)).toBe(0);
  });

  it('maps a failed item to a failed payout with PayPal’s reason', async () => {
    const payPal = createPayPalPayouts(config);
    const { batchId } = await payPal.createBatch(payout({ receiverEmail: 'fail@example.com' }));
    expect(await payPal.getBatch(batchId)).toEqual({
      batchId,
      providerStatus: 'SUCCESS',
      state: 'failed',
      failureReason: 'Receiver is unregistered',
    });
  });

  it('reports a batch as PayPal moves it along', async () => {
    fake.setAutoSettle(false);
    const payPal = createPayPalPayouts(config);
    const { batchId } = await payPal.createBatch(payout());
    expect(await payPal.getBatch(batchId)).toMatchObject({ providerStatus: 'PENDING', state: 'pending' });
    fake.settle(batchId, 'UNCLAIMED');
    expect(await payPal.getBatch(batchId)).toMatchObject({
      providerStatus: 'SUCCESS',
      // An unclaimed item waits for its receiver: not paid yet, not failed either.
      state: 'pending',
      failureReason: null,
    });
    fake.settle(batchId, 'DENIED');
    expect(await payPal.getBatch(batchId)).toMatchObject({
      providerStatus: 'DENIED',
      state: 'failed',
      failureReason: 'Sender does not have sufficient funds. Please add funds and retry.',
    });
  });

  it('throws PayPalPayoutError for a batch PayPal does not know', async () => {
    const error = await failureOf(createPayPalPayouts(config).getBatch('NOSUCHBATCH'));
    expect(error).toBeInstanceOf(PayPalPayoutError);
    expect(error).toMatchObject({ status: 404, code: 'INVALID_RESOURCE_ID' });
  });
});
