// Apple's real SignedDataVerifier against JWS signed by a test chain shaped like Apple's (no server).
import { PaymentVerificationError } from '@doppel/domain/ports';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AppleTestChain, createAppleTestChain } from '../testing/index.ts';
import { type AppStoreConfig, createAppStore } from './app-store.ts';

const bundleId = 'app.doppel.ios';
let chain: AppleTestChain;
let foreignChain: AppleTestChain;
let config: AppStoreConfig;

beforeAll(async () => {
  [chain, foreignChain] = await Promise.all([createAppleTestChain(), createAppleTestChain()]);
  config = { bundleId, environment: 'Sandbox', rootCertificates: [chain.rootCertificate] };
});

const refusal = async (promise: Promise<unknown>): Promise<PaymentVerificationError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentVerificationError);
  return error as PaymentVerificationError;
};

const purchase = { transactionId: '2000000812345678', productId: 'credits_100', bundleId };

describe('AppStore.verifyTransaction', () => {
  it('accepts a sandbox purchase and converts the milliunit price to cents', async () => {
    const signed = await chain.signTransaction({ ...purchase, price: 1990, currency: 'USD' });
    expect(await createAppStore(config).verifyTransaction(signed)).toEqual({
      key: 'apple:2000000812345678',
      storeProductId: 'credits_100',
      price: { amount: 199, fractionDigits: 2, currency: 'USD' },
      ids: { appleTransactionId: '2000000812345678' },
      isSandbox: true,
    });
  });

  it('keeps currencies without (JPY) or with three (KWD) decimals exact, and no price when Apple gives none', async () => {
    const appStore = createAppStore(config);
    const yen = await appStore.verifyTransaction(await chain.signTransaction({ ...purchase, price: 160000, currency: 'JPY' }));
    expect(yen.price).toEqual({ amount: 160, fractionDigits: 0, currency: 'JPY' });
    const dinar = await appStore.verifyTransaction(await chain.signTransaction({ ...purchase, price: 1250, currency: 'KWD' }));
    expect(dinar.price).toEqual({ amount: 1250, fractionDigits: 3, currency: 'KWD' });
    expect((await appStore.verifyTransaction(await chain.signTransaction(purchase))).price).toBeNull();
  });

  it('accepts a production purchase as live money when the app id is configured', async () => {
    const production = createAppStore({ ...config, environment: 'Production', appAppleId: 1234567890 });
    const signed = await chain.signTransaction({ ...purchase, environment: 'Production', price: 4990, currency: 'EUR' });
    const verified = await production.verifyTransaction(signed);
    expect(verified.isSandbox).toBe(false);
    expect(verified.price).toEqual({ amount: 499, fractionDigits: 2, currency: 'EUR' });
  });

  it('refuses to start in Production without the app id Apple requires', () => {
    expect(() => createAppStore({ ...config, environment: 'Production' })).toThrow(/appAppleId/);
  });

  it('refuses a payload changed after signing', async () => {
    const [header, , signature] = (await chain.signTransaction({ ...purchase, price: 990, currency: 'USD' })).split('.');
    const forged = Buffer.from(JSON.stringify({ ...purchase, price: 99990, currency: 'USD', environment: 'Sandbox' }));
    const error = await refusal(
      createAppStore(config).verifyTransaction(`${header}.${forged.toString('base64url')}.${signature}`),
    );
    expect(error.message).toMatch(/signature does not match/);
  });

  it('refuses a transaction whose chain leads to another root', async () => {
    const error = await refusal(createAppStore(config).verifyTransaction(await foreignChain.signTransaction(purchase)));
    expect(error.message).toMatch(/trusted Apple root/);
  });

  it("refuses a chain without Apple's marker extensions, even from the trusted root's owner", async () => {
    const plain = await createAppleTestChain({ appleMarkers: false });
    const appStore = createAppStore({ ...config, rootCertificates: [plain.rootCertificate] });
    await refusal(appStore.verifyTransaction(await plain.signTransaction(purchase)));
  });

  it('refuses an x5c header that does not hold three certificates', async () => {
    const [, payload, signature] = (await chain.signTransaction(purchase)).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'ES256', x5c: chain.x5c.slice(0, 2) })).toString('base64url');
    const error = await refusal(createAppStore(config).verifyTransaction(`${header}.${payload}.${signature}`));
    expect(error.message).toMatch(/must hold 3 certificates/);
  });

  it("checks the chain's validity at the transaction's signedDate, not today", async () => {
    const expired = await createAppleTestChain({
      notBefore: new Date('2020-01-01T00:00:00Z'),
      notAfter: new Date('2021-01-01T00:00:00Z'),
    });
    const appStore = createAppStore({ ...config, rootCertificates: [expired.rootCertificate] });
    const signedWhileValid = await expired.signTransaction({ ...purchase, signedDate: Date.parse('2020-06-01T00:00:00Z') });
    expect((await appStore.verifyTransaction(signedWhileValid)).key).toBe('apple:2000000812345678');
    const signedAfterExpiry = await expired.signTransaction(purchase);
    expect((await refusal(appStore.verifyTransaction(signedAfterExpiry))).message).toMatch(/not valid at its signedDate/);
  });

  it('refuses a transaction of another app, naming both bundle ids', async () => {
    const signed = await chain.signTransaction({ ...purchase, bundleId: 'com.other.app' });
    const error = await refusal(createAppStore(config).verifyTransaction(signed));
    expect(error.message).toContain('com.other.app');
    expect(error.message).toContain(bundleId);
  });

  it('refuses a transaction of another environment', async () => {
    const signed = await chain.signTransaction({ ...purchase, environment: 'Production' });
    const error = await refusal(createAppStore(config).verifyTransaction(signed));
    expect(error.message).toMatch(/Production environment.*Sandbox only/);
  });

  it('refuses a refunded (revoked) transaction', async () => {
    const signed = await chain.signTransaction({ ...purchase, revocationDate: Date.now(), revocationReason: 0 });
    const error = await refusal(createAppStore(config).verifyTransaction(signed));
    expect(error.message).toMatch(/refunded or revoked/);
  });

  it('refuses what is not a JWS at all, and a transaction without ids', async () => {
    const appStore = createAppStore(config);
    await refusal(appStore.verifyTransaction('not-a-jws'));
    const error = await refusal(
      appStore.verifyTransaction(await chain.sign({ bundleId, environment: 'Sandbox', signedDate: Date.now() })),
    );
    expect(error.message).toMatch(/no transactionId or productId/);
  });
});

describe('AppStore.verifyNotification', () => {
  const refund = { bundleId, transaction: purchase, notificationUUID: '6b4d7f1e-0000-4000-8000-000000000001' };

  it('turns REFUND into a reversal of the whole payment, keyed by the transaction', async () => {
    const signed = await chain.signNotification({ ...refund, notificationType: 'REFUND' });
    const event = await createAppStore(config).verifyNotification(signed);
    expect(event).toMatchObject({ provider: 'apple', eventId: refund.notificationUUID, eventType: 'REFUND' });
    expect(event.events).toEqual([
      {
        type: 'payment.reversed',
        key: 'apple:refund:2000000812345678',
        payment: { key: 'apple:2000000812345678' },
        reason: 'REFUND',
        amount: null,
      },
    ]);
    expect(event.payload).toMatchObject({ notificationType: 'REFUND', data: { bundleId, environment: 'Sandbox' } });
  });

  it('turns REFUND_REVERSED into a reinstatement of that refund', async () => {
    const signed = await chain.signNotification({ ...refund, notificationType: 'REFUND_REVERSED' });
    const event = await createAppStore(config).verifyNotification(signed);
    expect(event.events).toEqual([
      {
        type: 'payment.reinstated',
        key: 'apple:refund-reversed:2000000812345678',
        reversalKey: 'apple:refund:2000000812345678',
        payment: { key: 'apple:2000000812345678' },
      },
    ]);
  });

  it('ignores TEST and every other notification type, keeping type and subtype for the log', async () => {
    const appStore = createAppStore(config);
    const test = await appStore.verifyNotification(await chain.signNotification({ bundleId, notificationType: 'TEST' }));
    expect(test.eventType).toBe('TEST');
    expect(test.events).toEqual([{ type: 'ignored', reason: 'App Store test notification' }]);
    const renewal = await appStore.verifyNotification(
      await chain.signNotification({ ...refund, notificationType: 'DID_RENEW', subtype: 'BILLING_RECOVERY' }),
    );
    expect(renewal.eventType).toBe('DID_RENEW.BILLING_RECOVERY');
    expect(renewal.events).toEqual([{ type: 'ignored', reason: expect.stringContaining('DID_RENEW.BILLING_RECOVERY') }]);
  });

  it('refuses a notification of another app, or signed by another chain', async () => {
    const appStore = createAppStore(config);
    const otherApp = await chain.signNotification({ ...refund, bundleId: 'com.other.app', notificationType: 'REFUND' });
    expect((await refusal(appStore.verifyNotification(otherApp))).message).toContain('com.other.app');
    await refusal(appStore.verifyNotification(await foreignChain.signNotification({ ...refund, notificationType: 'REFUND' })));
    const production = createAppStore({ ...config, environment: 'Production', appAppleId: 1234567890 });
    const otherAppId = await chain.signNotification({
      ...refund,
      notificationType: 'REFUND',
      environment: 'Production',
      appAppleId: 999,
    });
    expect((await refusal(production.verifyNotification(otherAppId))).message).toMatch(/app id 999.*app id 1234567890/);
  });

  it('refuses a REFUND whose inner transaction is forged or missing', async () => {
    const appStore = createAppStore(config);
    const forgedInner = await chain.sign({
      notificationType: 'REFUND',
      notificationUUID: 'uuid-forged-inner',
      signedDate: Date.now(),
      data: { bundleId, environment: 'Sandbox', signedTransactionInfo: await foreignChain.signTransaction(purchase) },
    });
    await refusal(appStore.verifyNotification(forgedInner));
    const missing = await chain.signNotification({ bundleId, notificationType: 'REFUND' });
    expect((await refusal(appStore.verifyNotification(missing))).message).toMatch(/no signedTransactionInfo/);
  });
});
