// App Store and Google Play over real HTTP: the mobile apps hand purchases over through
// payments.redeemApple / redeemGoogle (verified by Apple's library against a test chain, and by the
// real Play client against a fake Play API), and the stores' refund notifications reverse them.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { payments, products, users } from '@doppel/db';
import { type AppleTestChain, createAppleTestChain, type FakePlay, startFakePlay } from '@doppel/integrations/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, signIn, startApi } from './harness.ts';

const bundleId = 'app.doppel.ios';
const pushToken = 'push-secret-for-tests';
let api: Api;
let apple: AppleTestChain;
let play: FakePlay;
let fan: Caller;
let fanId: string;

beforeAll(async () => {
  [apple, play] = await Promise.all([createAppleTestChain(), startFakePlay()]);
  const rootPath = join(tmpdir(), `doppel-apple-root-${process.pid}.der`);
  await writeFile(rootPath, apple.rootCertificate);
  api = await startApi({
    env: {
      APPLE_IAP_BUNDLE_ID: bundleId,
      APPLE_IAP_ENVIRONMENT: 'Sandbox',
      APPLE_IAP_ROOT_CERTIFICATES: rootPath,
      GOOGLE_PLAY_PACKAGE_NAME: play.packageName,
      GOOGLE_PLAY_SERVICE_ACCOUNT: JSON.stringify(play.serviceAccount),
      GOOGLE_PLAY_PUSH_TOKEN: pushToken,
      GOOGLE_PLAY_API_URL: play.origin,
    },
  });
  const { db } = api.database;
  await db.insert(products).values([
    {
      name: '100 credits (App Store)',
      priceType: 'APPLE_ONE_TIME',
      credits: 100,
      priceAmount: 1099,
      externalId: 'dev.doppel.credits100',
    },
    {
      name: '100 credits (Google Play)',
      priceType: 'GOOGLE_ONE_TIME',
      credits: 100,
      priceAmount: 1099,
      externalId: 'credits_100',
    },
  ]);
  const [user] = await db.insert(users).values({ email: 'mobile-fan@test.dev', name: 'Mobile fan' }).returning();
  fanId = user?.id ?? '';
  fan = await signIn(api, 'mobile-fan@test.dev');
});

afterAll(async () => {
  await api?.close();
  await play?.close();
});

const appleTransaction = {
  transactionId: '2000000900000001',
  productId: 'dev.doppel.credits100',
  bundleId,
  price: 10990,
  currency: 'USD',
};

describe('App Store', () => {
  it('books a StoreKit 2 purchase once, with Apple’s price and transaction id', async () => {
    const signedTransaction = await apple.signTransaction(appleTransaction);
    const first = await fan.client.payments.redeemApple.mutate({ signedTransaction });
    expect(first).toMatchObject({ credits: 100, isNew: true, balance: { paidCredits: 100 } });
    const again = await fan.client.payments.redeemApple.mutate({ signedTransaction });
    expect(again).toMatchObject({ isNew: false, balance: { paidCredits: 100 } });
    const [payment] = await api.database.db
      .select()
      .from(payments)
      .where(eq(payments.appleTransactionId, appleTransaction.transactionId));
    expect(payment).toMatchObject({ productPriceType: 'APPLE_ONE_TIME', priceAmount: 1099, isSandbox: true });
  });

  it('refuses a transaction of another app, or one signed outside Apple’s chain, and books nothing', async () => {
    const otherApp = await apple.signTransaction({
      ...appleTransaction,
      transactionId: '2000000900000002',
      bundleId: 'com.other.app',
    });
    expect(await refusal(fan.client.payments.redeemApple.mutate({ signedTransaction: otherApp }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    const stranger = await createAppleTestChain();
    const forged = await stranger.signTransaction({ ...appleTransaction, transactionId: '2000000900000003' });
    expect(await refusal(fan.client.payments.redeemApple.mutate({ signedTransaction: forged }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 100 });
  });

  it('reverses a purchase on a REFUND notification, once', async () => {
    const signedPayload = await apple.signNotification({ notificationType: 'REFUND', bundleId, transaction: appleTransaction });
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${api.url}/webhooks/apple`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signedPayload }),
      });
      expect(answer.status).toBe(200);
    }
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 0 });
    const forged = await (await createAppleTestChain()).signNotification({
      notificationType: 'REFUND',
      bundleId,
      transaction: appleTransaction,
    });
    const refused = await fetch(`${api.url}/webhooks/apple`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signedPayload: forged }),
    });
    expect(refused.status).toBe(400);
  });
});

describe('Google Play', () => {
  it('books a purchase once, consumes it, and reverses it on a voided-purchase notification', async () => {
    const { db } = api.database;
    await db.update(users).set({ paidCredits: 0 }).where(eq(users.id, fanId));
    play.addPurchase({ productId: 'credits_100', token: 'play-token-1', orderId: 'GPA.0000-0000-0000-00001' });
    const input = { storeProductId: 'credits_100', purchaseToken: 'play-token-1' };
    expect(await fan.client.payments.redeemGoogle.mutate(input)).toMatchObject({ credits: 100, isNew: true });
    expect(await fan.client.payments.redeemGoogle.mutate(input)).toMatchObject({ isNew: false });
    expect(play.purchase('play-token-1')?.consumptionState).toBe(1);
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 100 });

    const push = play.voidedNotification({ orderId: 'GPA.0000-0000-0000-00001', purchaseToken: 'play-token-1' });
    const unauthorised = await fetch(`${api.url}/webhooks/google?token=wrong`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(push),
    });
    expect(unauthorised.status).toBe(401);
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${api.url}/webhooks/google?token=${pushToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(push),
      });
      expect(answer.status).toBe(200);
    }
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 0 });
  });

  it('refuses a cancelled purchase and an unknown product plainly', async () => {
    play.addPurchase({ productId: 'credits_100', token: 'play-cancelled', orderId: 'GPA.2', purchaseState: 1 });
    const cancelled = await refusal(
      fan.client.payments.redeemGoogle.mutate({ storeProductId: 'credits_100', purchaseToken: 'play-cancelled' }),
    );
    expect(cancelled).toMatchObject({ code: 'BAD_REQUEST', message: 'The purchase was cancelled.' });
    play.addPurchase({ productId: 'unknown_pack', token: 'play-unknown', orderId: 'GPA.3' });
    const unknown = await refusal(
      fan.client.payments.redeemGoogle.mutate({ storeProductId: 'unknown_pack', purchaseToken: 'play-unknown' }),
    );
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'This product is not on sale.' });
  });
});
