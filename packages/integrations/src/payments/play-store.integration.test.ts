// The real @googleapis/androidpublisher client and google-auth-library JWT client against the local
// fake Play Developer API and token endpoint (no database needed).
import { PaymentVerificationError } from '@doppel/domain/ports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServiceAccount } from '../testing/fake-play-accounts.ts';
import { type FakePlay, startFakePlay } from '../testing/index.ts';
import { createPlayStore, type PlayStoreConfig } from './play-store.ts';

let fake: FakePlay;
let config: PlayStoreConfig;
beforeAll(async () => {
  fake = await startFakePlay();
  config = { packageName: fake.packageName, serviceAccount: fake.serviceAccount, rootUrl: fake.origin };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const failureOf = async (promise: Promise<unknown>): Promise<Error> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

const credits = { storeProductId: 'credits_100', purchaseToken: 'opaque-token-of-a-real-purchase-1' };

describe('PlayStore.verifyPurchase', () => {
  it('verifies a purchase with the Play Developer API, authorised by a service-account access token', async () => {
    fake.addPurchase({ productId: 'credits_100', token: credits.purchaseToken, orderId: 'GPA.3345-1234-5678-90123' });
    expect(await createPlayStore(config).verifyPurchase(credits)).toEqual({
      key: 'google:GPA.3345-1234-5678-90123',
      storeProductId: 'credits_100',
      price: null,
      ids: { googleTransactionId: 'GPA.3345-1234-5678-90123' },
      isSandbox: false,
    });
    const [get] = fake.apiRequests();
    expect(get?.method).toBe('GET');
    expect(get?.path).toBe(
      `/androidpublisher/v3/applications/${fake.packageName}/purchases/products/credits_100/tokens/${credits.purchaseToken}`,
    );
    expect(fake.issuedTokens).toHaveLength(1);
    expect(get?.authorization).toBe(`Bearer ${fake.issuedTokens[0]}`);
    const tokenRequest = fake.requests.find((entry) => entry.path === '/token');
    expect(new URLSearchParams(tokenRequest?.body).get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
  });

  it('marks a license tester purchase (purchaseType 0) as sandbox, and reuses the access token', async () => {
    fake.addPurchase({ productId: 'credits_100', token: credits.purchaseToken, orderId: 'GPA.1', purchaseType: 0 });
    const playStore = createPlayStore(config);
    expect((await playStore.verifyPurchase(credits)).isSandbox).toBe(true);
    await playStore.verifyPurchase(credits);
    expect(fake.issuedTokens).toHaveLength(1);
    expect(fake.apiRequests()).toHaveLength(2);
  });

  it('refuses a cancelled and a pending purchase', async () => {
    fake.addPurchase({ productId: 'credits_100', token: 'cancelled', orderId: 'GPA.2', purchaseState: 1 });
    fake.addPurchase({ productId: 'credits_100', token: 'pending', orderId: 'GPA.3', purchaseState: 2 });
    const playStore = createPlayStore(config);
    const cancelled = await failureOf(playStore.verifyPurchase({ ...credits, purchaseToken: 'cancelled' }));
    expect(cancelled).toBeInstanceOf(PaymentVerificationError);
    expect(cancelled.message).toBe('The purchase was cancelled.');
    const pending = await failureOf(playStore.verifyPurchase({ ...credits, purchaseToken: 'pending' }));
    expect(pending).toBeInstanceOf(PaymentVerificationError);
    expect(pending.message).toBe('The purchase is still pending.');
  });

  it('refuses a token Google does not know (400), or for another product, or answered 404', async () => {
    fake.addPurchase({ productId: 'credits_500', token: credits.purchaseToken, orderId: 'GPA.4' });
    const playStore = createPlayStore(config);
    const unknown = await failureOf(playStore.verifyPurchase({ ...credits, purchaseToken: 'made-up' }));
    expect(unknown).toBeInstanceOf(PaymentVerificationError);
    expect(unknown.message).toMatch(/does not know this purchase \(400/);
    expect(await failureOf(playStore.verifyPurchase(credits))).toBeInstanceOf(PaymentVerificationError);
    fake.failNext(404);
    expect(await failureOf(playStore.verifyPurchase({ ...credits, storeProductId: 'credits_500' }))).toBeInstanceOf(
      PaymentVerificationError,
    );
  });

  it('reports a Google outage as a plain, retryable error after the client has retried', async () => {
    fake.addPurchase({ productId: 'credits_100', token: credits.purchaseToken, orderId: 'GPA.5' });
    const playStore = createPlayStore(config);
    fake.failNext(503);
    expect((await playStore.verifyPurchase(credits)).key).toBe('google:GPA.5');
    expect(fake.apiRequests()).toHaveLength(2);
    fake.failNext(500, 10);
    const outage = await failureOf(playStore.verifyPurchase(credits));
    expect(outage).not.toBeInstanceOf(PaymentVerificationError);
    expect(outage.message).toMatch(/could not verify purchase token .*\(500/);
    // The client's own policy: the first try and three retries.
    expect(fake.apiRequests()).toHaveLength(6);
  });

  it('reports an unreachable API as a plain error', async () => {
    const closed = await startFakePlay();
    await closed.close();
    const error = await failureOf(
      createPlayStore({ ...config, serviceAccount: closed.serviceAccount, rootUrl: closed.origin }).verifyPurchase(credits),
    );
    expect(error).not.toBeInstanceOf(PaymentVerificationError);
  });

  it('reports a service account the token endpoint refuses as a configuration error, not a bad purchase', async () => {
    const stranger = { ...(await createTestServiceAccount()), token_uri: fake.tokenUrl };
    const error = await failureOf(createPlayStore({ ...config, serviceAccount: stranger }).verifyPurchase(credits));
    expect(error).not.toBeInstanceOf(PaymentVerificationError);
    expect(error.message).toMatch(/could not get an access token \(400.*invalid_grant/);
    const wrongKey = { ...fake.serviceAccount, private_key: stranger.private_key };
    const forged = await failureOf(createPlayStore({ ...config, serviceAccount: wrongKey }).verifyPurchase(credits));
    expect(forged).not.toBeInstanceOf(PaymentVerificationError);
    expect(forged.message).toMatch(/Invalid JWT Signature/);
    expect(fake.apiRequests()).toHaveLength(0);
    expect(fake.issuedTokens).toHaveLength(0);
  });
});

describe('PlayStore.consumePurchase', () => {
  it('consumes a purchase, and a repeat is fine', async () => {
    fake.addPurchase({ productId: 'credits_100', token: credits.purchaseToken, orderId: 'GPA.6' });
    const playStore = createPlayStore(config);
    await playStore.consumePurchase(credits);
    expect(fake.purchase(credits.purchaseToken)?.consumptionState).toBe(1);
    await playStore.consumePurchase(credits);
    const consumes = fake.apiRequests().filter((entry) => entry.method === 'POST');
    expect(consumes.map((entry) => entry.path.endsWith(':consume'))).toEqual([true, true]);
  });

  it('fails for a token Google does not know', async () => {
    const error = await failureOf(createPlayStore(config).consumePurchase({ ...credits, purchaseToken: 'made-up' }));
    expect(error).toBeInstanceOf(PaymentVerificationError);
  });
});

describe('PlayStore.parseNotification', () => {
  it('turns a voided purchase into a reversal of the whole payment, keyed by the order', async () => {
    const body = fake.voidedNotification({ orderId: 'GPA.7', purchaseToken: credits.purchaseToken, productId: 'credits_100' });
    const event = await createPlayStore(config).parseNotification(JSON.parse(JSON.stringify(body)));
    expect(event).toMatchObject({ provider: 'google', eventId: body.message.messageId, eventType: 'voidedPurchaseNotification' });
    expect(event.events).toEqual([
      { type: 'payment.reversed', key: 'google:void:GPA.7', payment: { key: 'google:GPA.7' }, reason: 'REFUND', amount: null },
    ]);
    expect(event.payload).toMatchObject({
      notification: { packageName: fake.packageName, voidedPurchaseNotification: { orderId: 'GPA.7' } },
    });
  });

  it('ignores test and one-time product notifications', async () => {
    const playStore = createPlayStore(config);
    const test = await playStore.parseNotification(fake.testNotification());
    expect(test.eventType).toBe('testNotification');
    expect(test.events).toEqual([{ type: 'ignored', reason: 'Google Play test notification' }]);
    const bought = await playStore.parseNotification(
      fake.oneTimeProductNotification({ purchaseToken: credits.purchaseToken, productId: 'credits_100' }),
    );
    expect(bought.eventType).toBe('oneTimeProductNotification');
    expect(bought.events[0]?.type).toBe('ignored');
  });

  it('refuses a notification for another app', async () => {
    const body = fake.voidedNotification({ orderId: 'GPA.8', purchaseToken: 't', packageName: 'com.other.app' });
    const error = await failureOf(createPlayStore(config).parseNotification(body));
    expect(error).toBeInstanceOf(PaymentVerificationError);
    expect(error.message).toContain('com.other.app');
  });

  it('refuses what is not a Pub/Sub push of a developer notification', async () => {
    const playStore = createPlayStore(config);
    const valid = fake.testNotification();
    const malformed: unknown[] = [
      null,
      'text',
      { message: { data: valid.message.data } },
      { message: { messageId: '1', data: Buffer.from('not json').toString('base64') } },
      { message: { messageId: '1', data: Buffer.from('42').toString('base64') } },
      fake.pushNotification({ voidedPurchaseNotification: { purchaseToken: 't', orderId: '', productType: 2, refundType: 1 } }),
    ];
    for (const body of malformed) {
      expect(await failureOf(playStore.parseNotification(body))).toBeInstanceOf(PaymentVerificationError);
    }
  });
});
