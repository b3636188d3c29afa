// One subscription per fan and twin on the sandbox (issue 25, item 2): a fan who opens 8
// subscription checkouts before paying any, then presses Pay on all of them at once, gets one
// subscription and the twin earns once; the other 7 are refused, since the sandbox moved no money.
import { payments, products, subscriptions, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent, startChatApi, totalFrame } from './chat-fixtures.ts';
import { type Api, refusal, signIn } from './harness.ts';

let api: Api;
let twin: Awaited<ReturnType<typeof createTalent>>;
let vipId: string;

beforeAll(async () => {
  ({ api } = await startChatApi());
  const [vip] = await api.database.db
    .insert(products)
    .values({ name: 'Twin VIP (monthly)', priceType: 'SUBSCRIPTION', priceAmount: 999 })
    .returning();
  vipId = vip?.id ?? '';
  twin = await createTalent(api, { subscriptionProductId: vipId });
});

afterAll(async () => {
  await api?.close();
});

describe('several subscription checkouts', () => {
  it('completes one of 8 paid at once and refuses the others: one subscription, one earning', async () => {
    const { db } = api.database;
    const [user] = await db.insert(users).values({ email: 'eager@test.dev', name: 'Eager' }).returning();
    const eager = await signIn(api, 'eager@test.dev');
    const before = await totalFrame(api, twin.talent.id);
    const opened = [];
    for (let i = 0; i < 8; i++)
      opened.push(
        await eager.client.payments.checkout.mutate({
          productId: vipId,
          talentId: twin.talent.id,
          returnPath: `/chat/${twin.tag}`,
        }),
      );
    const outcomes = await Promise.allSettled(
      opened.map((checkout) => eager.client.payments.completeSandboxCheckout.mutate({ checkoutId: checkout.checkoutId })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = await Promise.all(
      outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [refusal(Promise.reject(outcome.reason))] : [])),
    );
    expect(refused).toEqual(
      Array.from({ length: 7 }, () => ({
        code: 'CONFLICT',
        message: `You are already subscribed to ${twin.talent.name}.`,
        fieldErrors: undefined,
      })),
    );
    const held = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user?.id ?? ''));
    expect(held.map((row) => row.status)).toEqual(['ACTIVE']);
    expect(
      await db
        .select()
        .from(payments)
        .where(eq(payments.userId, user?.id ?? '')),
    ).toHaveLength(1);
    const after = await totalFrame(api, twin.talent.id);
    expect((after?.grossSubscription ?? 0) - (before?.grossSubscription ?? 0)).toBe(9_990_000);
  });
});
