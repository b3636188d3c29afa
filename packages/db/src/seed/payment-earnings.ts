// The demo's payments earn the way a real payment does (recordPayment in packages/domain/src/payments):
// every PURCHASE in the payment ledger that carries earnings (a subscription period) gets its talent
// ledger entries under `payment:{movementKey}` (the referrer's under `:referral`), dated when it was
// paid; the database adds them to the talent's DAY, MONTH and TOTAL frames at commit (migration
// 0041). The settlement check (`npm run ops -- ledger check`) pairs the two ledgers by those keys,
// so demo data that skipped this step showed a 9.99 USD subscription nobody earned from.
//
// It runs after the ledger is opened from the frames (ledger-opening.ts): the opening entries cover
// the frames' synthetic history, and these amounts are added on top, so nothing is counted twice.
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import { paymentLedger, talentConfigs, talentLedger } from '../schema/index.ts';
import { netOf } from './earnings.ts';

/** Books the earnings of the seeded payments, in the seed's transaction, once the talent configs exist. */
export async function bookDemoPaymentEarnings(tx: Transaction): Promise<void> {
  const purchases = await tx
    .select()
    .from(paymentLedger)
    .where(sql`${paymentLedger.kind} = 'PURCHASE' and ${paymentLedger.grossMicroUsd} <> 0`)
    .orderBy(paymentLedger.createdAt);
  for (const purchase of purchases) {
    if (!purchase.talentId) throw new Error(`demo payment ${purchase.key} earns for no twin`);
    const [config] = await tx
      .select({ revenueSharePpm: talentConfigs.revenueSharePpm })
      .from(talentConfigs)
      .where(eq(talentConfigs.id, purchase.talentId));
    if (!config) throw new Error(`demo payment ${purchase.key} earns for a twin without a config`);
    const { revenueSharePpm } = config;
    // The demo's money is exact: the net booked with the payment is the twin's share of its gross.
    if (netOf(purchase.grossMicroUsd, revenueSharePpm) !== purchase.netMicroUsd)
      throw new Error(`demo payment ${purchase.key} books a net that is not the twin's share`);
    const key = `payment:${purchase.key}`;
    const at = purchase.createdAt;
    await tx.insert(talentLedger).values({
      key,
      talentId: purchase.talentId,
      kind: 'EARNING',
      source: 'subscription',
      grossMicroUsd: purchase.grossMicroUsd,
      netMicroUsd: purchase.netMicroUsd,
      occurredAt: at,
    });
    if (purchase.referralTalentId && purchase.referralMicroUsd > 0) {
      // The referrer keeps all of its share: gross and net are the same amount.
      await tx.insert(talentLedger).values({
        key: `${key}:referral`,
        talentId: purchase.referralTalentId,
        kind: 'EARNING',
        source: 'referral',
        grossMicroUsd: purchase.referralMicroUsd,
        netMicroUsd: purchase.referralMicroUsd,
        occurredAt: at,
      });
    }
  }
}
