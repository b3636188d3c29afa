// Demo back-office data: products and payments, payouts, earning and metric frames, FAQs,
// broadcasts, Discover entries and invitations (FAQs and models are in knowledge.ts).
import type { Transaction } from '../client.ts';
import {
  broadcasts,
  earningFrames,
  invitations,
  newId,
  paymentLedger,
  payments,
  payouts,
  products,
  publicTalents,
  subscriptions,
} from '../schema/index.ts';
import { buildEarningFrames, type DayGross, startOfUtcDay, startOfUtcMonth } from './earnings.ts';
import { seedKnowledge } from './knowledge.ts';
import { seedKnowledgeSources } from './knowledge-sources.ts';

export type SeedContext = {
  now: Date;
  ago: (days: number, minutes?: number) => Date;
  userId: (key: string) => string;
  miaId: string;
  leoId: string;
  leoCreatedAt: Date;
  subscriptionProductId: string;
};

export type SeededOperations = {
  miaFaqId: string;
  miaFineTunedModelId: string;
  fineTuningModelId: string;
  /** Pending and executed payouts per talent, in cents. */
  totalPayoutAmount: { mia: number; leo: number };
  completedBroadcast: { id: string; message: string; sentAt: Date; fans: string[] };
};

/** 0.10 USD per credit, in micro-USD. */
const creditMicros = 100_000;
const subscriptionMicros = 9_990_000;
const revenueSharePpm = 600_000;
const referralSharePpm = 30_000;

/** Leo's daily gross: modest, starting the day he joined. */
function leoGrossOfDay(day: Date, leoStart: Date): DayGross | null {
  if (day < leoStart) return null;
  const index = Math.round((day.getTime() - leoStart.getTime()) / 86_400_000);
  return {
    sendMessage: (10 + ((index * 7) % 23)) * 2 * creditMicros,
    unlockImage: ((index * 3) % 4) * 6 * creditMicros,
    unlockAudio: (index % 3) * 4 * creditMicros,
    referral: 0,
    subscription: 0,
  };
}

const grossSum = (gross: DayGross) =>
  gross.sendMessage + gross.unlockImage + gross.unlockAudio + gross.referral + gross.subscription;

export async function seedOperations(tx: Transaction, ctx: SeedContext): Promise<SeededOperations> {
  const { ago, userId, miaId, leoId } = ctx;

  // Products and payments (one of each price type, plus a sandbox purchase).
  const credits50 = newId();
  const credits100 = newId();
  const credits550 = newId();
  const apple100 = newId();
  const google100 = newId();
  await tx.insert(products).values([
    // Packs are priced from the 0.10 USD credit; the big one carries a 10 % discount.
    { id: credits50, name: '50 credits', priceType: 'ONE_TIME', credits: 50, priceAmount: 500 },
    { id: credits100, name: '100 credits', priceType: 'ONE_TIME', credits: 100, priceAmount: 1000 },
    { id: credits550, name: '550 credits', priceType: 'ONE_TIME', credits: 550, priceAmount: 5000 },
    {
      id: ctx.subscriptionProductId,
      name: 'Mia Moreno VIP (monthly)',
      priceType: 'SUBSCRIPTION',
      priceAmount: 999,
    },
    {
      id: apple100,
      name: '100 credits (App Store)',
      priceType: 'APPLE_ONE_TIME',
      credits: 100,
      priceAmount: 1099,
      externalId: 'dev.doppel.credits100',
    },
    {
      id: google100,
      name: '100 credits (Google Play)',
      priceType: 'GOOGLE_ONE_TIME',
      credits: 100,
      priceAmount: 1099,
      externalId: 'credits_100',
    },
  ]);
  const price = (amount: number, original = amount) => ({ priceAmount: amount, originalPriceAmount: original });
  const seededPayments: (typeof payments.$inferInsert & { credits: number })[] = [
    {
      ...price(1000),
      movementKey: 'stripe:pi_3DemoSamRivera0001',
      credits: 100,
      productPriceType: 'ONE_TIME',
      productId: credits100,
      stripePaymentIntentId: 'pi_3DemoSamRivera0001',
      userId: userId('fan1'),
      talentId: miaId,
      createdAt: ago(35),
    },
    {
      ...price(999),
      movementKey: 'stripe:in_1DemoSamRiveraVip',
      credits: 0,
      productPriceType: 'SUBSCRIPTION',
      productId: ctx.subscriptionProductId,
      stripePaymentIntentId: 'pi_3DemoSamRivera0002',
      stripeInvoiceId: 'in_1DemoSamRiveraVip',
      userId: userId('fan1'),
      talentId: miaId,
      createdAt: ago(30),
    },
    {
      ...price(5000, 5500),
      movementKey: 'stripe:pi_3DemoJordanLee0001',
      credits: 550,
      productPriceType: 'ONE_TIME',
      productId: credits550,
      stripePaymentIntentId: 'pi_3DemoJordanLee0001',
      userId: userId('fan2'),
      talentId: miaId,
      createdAt: ago(24),
    },
    {
      ...price(1099),
      movementKey: 'apple:2000000512345678',
      credits: 100,
      productPriceType: 'APPLE_ONE_TIME',
      productId: apple100,
      appleTransactionId: '2000000512345678',
      userId: userId('fan4'),
      talentId: miaId,
      createdAt: ago(7),
    },
    {
      ...price(1099),
      movementKey: 'google:GPA.3345-1234-5678-90123',
      credits: 100,
      productPriceType: 'GOOGLE_ONE_TIME',
      productId: google100,
      googleTransactionId: 'GPA.3345-1234-5678-90123',
      userId: userId('fan5'),
      talentId: miaId,
      createdAt: ago(3),
    },
    {
      ...price(1000),
      movementKey: 'sandbox:demo-fan3-credits100',
      credits: 100,
      productPriceType: 'ONE_TIME',
      productId: credits100,
      userId: userId('fan3'),
      talentId: miaId,
      isSandbox: true,
      createdAt: ago(2),
    },
    {
      ...price(1099),
      movementKey: 'google:GPA.3345-9876-5432-10987',
      credits: 100,
      productPriceType: 'GOOGLE_ONE_TIME',
      productId: google100,
      googleTransactionId: 'GPA.3345-9876-5432-10987',
      userId: userId('fan1'),
      talentId: leoId,
      createdAt: ago(10),
    },
  ];
  // Sam (fan1) subscribes to Mia: the subscription's first month was paid 30 days ago.
  const samVip = newId();
  await tx.insert(subscriptions).values({
    id: samVip,
    provider: 'stripe',
    externalId: 'sub_1DemoSamRiveraVip',
    userId: userId('fan1'),
    talentId: miaId,
    productId: ctx.subscriptionProductId,
    currentPeriodEnd: ago(-1),
    createdAt: ago(30),
  });
  const paymentRows = seededPayments.map(({ credits: _credits, ...row }) => ({
    ...row,
    id: newId(),
    subscriptionId: row.productPriceType === 'SUBSCRIPTION' ? samVip : null,
  }));
  await tx.insert(payments).values(paymentRows);
  // Each payment's PURCHASE entry in the ledger: credits to the fan, or a subscription's earnings.
  await tx.insert(paymentLedger).values(
    seededPayments.map((payment, index) => {
      const subscription = payment.productPriceType === 'SUBSCRIPTION';
      const gross = subscription ? payment.priceAmount * 10_000 : 0;
      return {
        key: payment.movementKey,
        kind: 'PURCHASE' as const,
        paymentId: paymentRows[index]?.id as string,
        userId: payment.userId ?? null,
        talentId: payment.talentId ?? null,
        amount: payment.priceAmount,
        paidCredits: payment.credits,
        grossMicroUsd: gross,
        netMicroUsd: (gross * revenueSharePpm) / 1_000_000,
        createdAt: payment.createdAt,
      };
    }),
  );

  // Payouts in every status; pending and executed ones count towards the talent's total.
  const bank = {
    transferType: 'BANK_TRANSFER' as const,
    accountHolderName: 'Mia Moreno García',
    iban: 'PT50000201231234567890154',
    bic: 'CGDIPTPL',
    taxId: 'PT123456789',
  };
  const paypal = { transferType: 'PAYPAL' as const, payPalEmail: 'mia@miamoreno.com', taxId: 'PT123456789' };
  const creator = userId('creator');
  const miaPayouts = [
    { ...bank, status: 'EXECUTED' as const, amount: 15_000, requestedAt: ago(70), executedAt: ago(68), createdAt: ago(70) },
    {
      ...bank,
      status: 'REJECTED' as const,
      amount: 50_000,
      requestedAt: ago(45),
      rejectedAt: ago(44),
      rejectionReason: 'The IBAN does not match the account holder name.',
      createdAt: ago(45),
    },
    { ...bank, status: 'EXECUTED' as const, amount: 20_000, requestedAt: ago(40), executedAt: ago(38), createdAt: ago(40) },
    {
      ...paypal,
      status: 'FAILED' as const,
      amount: 8_000,
      requestedAt: ago(15),
      failedAt: ago(14),
      rejectionReason: 'PayPal could not deliver the funds: the receiving account is restricted.',
      createdAt: ago(15),
    },
    { ...bank, status: 'PENDING' as const, amount: 8_000, requestedAt: ago(1), createdAt: ago(1) },
  ];
  const leoPayouts = [
    {
      transferType: 'PAYPAL' as const,
      payPalEmail: 'leo@leopark.fit',
      status: 'PENDING' as const,
      amount: 4_000,
      requestedAt: ago(2),
      createdAt: ago(2),
    },
  ];
  await tx
    .insert(payouts)
    .values([
      ...miaPayouts.map((payout) => ({ ...payout, talentId: miaId, requestedByUserId: creator })),
      ...leoPayouts.map((payout) => ({ ...payout, talentId: leoId, requestedByUserId: userId('leo') })),
    ]);
  const counted = (list: { status: string; amount: number }[]) =>
    list
      .filter((payout) => payout.status === 'PENDING' || payout.status === 'EXECUTED')
      .reduce((sum, payout) => sum + payout.amount, 0);

  // Three months of earnings (two full months and this one up to today). Mia also earns 3 % of
  // Leo's gross, because she referred him.
  const from = startOfUtcMonth(ctx.now, -2);
  const leoStart = startOfUtcDay(ctx.leoCreatedAt);
  const leoFrames = buildEarningFrames({
    talentId: leoId,
    from,
    to: ctx.now,
    revenueSharePpm,
    grossOfDay: (day) => leoGrossOfDay(day, leoStart),
  });
  const miaFrames = buildEarningFrames({
    talentId: miaId,
    from,
    to: ctx.now,
    revenueSharePpm,
    grossOfDay: (day, index) => {
      const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
      const leo = leoGrossOfDay(day, leoStart);
      return {
        sendMessage: (60 + ((index * 17) % 41) + (weekend ? 25 : 0)) * creditMicros,
        unlockImage: (4 + ((index * 5) % 9)) * 5 * creditMicros,
        unlockAudio: (2 + ((index * 3) % 5)) * 3 * creditMicros,
        referral: leo ? (grossSum(leo) * referralSharePpm) / 1_000_000 : 0,
        subscription: index % 4 === 0 ? subscriptionMicros : 0,
      };
    },
  });
  await tx.insert(earningFrames).values([...miaFrames, ...leoFrames]);

  const { miaFaqId, miaFineTunedModelId, fineTuningModelId } = await seedKnowledge(tx, ctx);
  await seedKnowledgeSources(tx, ctx);

  // Broadcasts scheduled, sent and deleted. None is seeded mid-flight (PREPARING, SENDING_MESSAGES):
  // the worker resumes such a broadcast at start, and a seeded one has no recipients to resume.
  const completedBroadcastId = newId();
  const completedMessage = 'Back from Madeira with SO many photos 🌴 Want to see the waterfall one?';
  const completedFans = ['fan1', 'fan2', 'fan4'];
  const admin = userId('admin');
  const push = { pushNotificationHeadline: 'Mia sent you a message', pushNotificationMessage: 'Tap to read it 💬' };
  await tx.insert(broadcasts).values([
    {
      status: 'SCHEDULED',
      talentId: miaId,
      message: 'New photo dump from Porto this weekend 📸 Who wants a sneak peek?',
      ...push,
      scheduledAt: ago(-2),
      createdByUserId: admin,
      createdAt: ago(0, 60),
    },
    {
      status: 'SCHEDULED',
      talentId: null,
      message: 'We just shipped voice notes for every twin 🎙️ Ask yours to say hi!',
      pushNotificationHeadline: 'Something new on Doppel',
      pushNotificationMessage: 'Your favourite twins can now send voice notes.',
      scheduledAt: ago(-5),
      createdByUserId: admin,
      createdAt: ago(0, 30),
    },
    {
      id: completedBroadcastId,
      status: 'COMPLETED',
      talentId: miaId,
      message: completedMessage,
      ...push,
      scheduledAt: ago(6),
      startedPreparingAt: ago(6),
      completedAt: ago(6, -5),
      scheduledMessageCount: completedFans.length,
      sentMessageCount: completedFans.length,
      createdByUserId: admin,
      createdAt: ago(7),
    },
    {
      status: 'DELETED',
      talentId: miaId,
      message: 'Happy Monday!! (draft, wrong day)',
      scheduledAt: ago(3),
      deletedAt: ago(4),
      createdByUserId: admin,
      createdAt: ago(5),
    },
  ]);

  // Discover entries and manager invitations.
  await tx.insert(publicTalents).values([
    {
      id: miaId,
      name: 'Mia Moreno',
      order: 1,
      isVisibleRecord: { discoverFeed: true, discoverInReview: false, homepage1: true, homepage2: false },
      createdAt: ago(95),
    },
    {
      id: leoId,
      name: 'Leo Park',
      order: 2,
      isVisibleRecord: { discoverFeed: false, discoverInReview: true, homepage1: false, homepage2: true },
      createdAt: ago(40),
    },
  ]);
  await tx.insert(invitations).values([
    { talentId: miaId, email: 'manager@miamoreno.com', invitedByUserId: creator, createdAt: ago(10) },
    { talentId: leoId, email: 'coach.assistant@example.com', invitedByUserId: admin, createdAt: ago(4) },
  ]);

  return {
    miaFaqId,
    miaFineTunedModelId,
    fineTuningModelId,
    totalPayoutAmount: { mia: counted(miaPayouts), leo: counted(leoPayouts) },
    completedBroadcast: { id: completedBroadcastId, message: completedMessage, sentAt: ago(6, -2), fans: completedFans },
  };
}
