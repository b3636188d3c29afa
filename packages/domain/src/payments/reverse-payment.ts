import { type Executor, paymentLedger, payments, recordChanges, type Transaction, users } from '@doppel/db';
import { asc, eq, or, sql } from 'drizzle-orm';
import { lockFanBalance } from '../chat/send/balance.ts';
import { bookEarningReversal, earningSharesOf } from '../earnings/record-earning.ts';
import { earningOfPaidCredits } from '../money/money.ts';
import type { PaymentRef, PaymentReinstated, PaymentReversed } from '../ports/payments.ts';
import { paymentChanges } from './changes.ts';
import { PaymentEventNotReady } from './not-ready.ts';
import { reversalDelta, reversalShare, takeBack } from './rules.ts';

export type ReversalResult = { paymentId: string; isNew: boolean };

const paymentColumns = {
  id: payments.id,
  userId: payments.userId,
  talentId: payments.talentId,
  price: payments.priceAmount,
  priceType: payments.productPriceType,
};

/** The payment a reversal names, locked until the transaction ends: its reversals queue here. */
async function lockPayment(tx: Executor, ref: PaymentRef) {
  const where = 'key' in ref ? eq(payments.movementKey, ref.key) : eq(payments.stripePaymentIntentId, ref.stripePaymentIntentId);
  const [payment] = await tx.select(paymentColumns).from(payments).where(where).for('update');
  if (!payment) throw new PaymentEventNotReady(`no payment ${'key' in ref ? ref.key : ref.stripePaymentIntentId} is booked yet`);
  return payment;
}

async function ledgerOf(tx: Executor, paymentId: string) {
  return tx.select().from(paymentLedger).where(eq(paymentLedger.paymentId, paymentId)).orderBy(asc(paymentLedger.createdAt));
}

/**
 * Takes money back (a refund or a dispute), once per reversal key: the paid credits still on the
 * fan's balance, the credits already spent recorded as the shortfall with the twin's earnings on
 * them reversed, or, for a subscription period, the earnings it booked. Balances never go below
 * zero. Locks: the payment row, then the fan's row (no spend takes them the other way round).
 */
export async function reversePayment(tx: Transaction, event: PaymentReversed, now = new Date()): Promise<ReversalResult> {
  const payment = await lockPayment(tx, event.payment);
  const entries = await ledgerOf(tx, payment.id);
  if (entries.some((entry) => entry.key === event.key)) return { paymentId: payment.id, isNew: false };
  const delta = reversalDelta({ price: payment.price, entries, reason: event.reason, target: event.amount });
  // Nothing left to take back (already refunded in full): the event is stored, nothing moves.
  if (delta === 0) return { paymentId: payment.id, isNew: false };
  const share = reversalShare({ price: payment.price, entries, delta });

  let taken = 0;
  let shortfall = 0;
  if (share.credits > 0 && payment.userId) {
    const fan = await lockFanBalance(tx, payment.userId);
    ({ taken, shortfall } = takeBack(share.credits, fan?.paidCredits ?? 0));
  } else {
    shortfall = share.credits;
  }
  // Credits the fan already spent were earned by the twin the fan bought them in: that is reversed.
  let earnings = { gross: share.gross, net: share.net, referral: share.referral };
  let referralTalentId = entries.find((entry) => entry.kind === 'PURCHASE')?.referralTalentId ?? null;
  if (shortfall > 0 && payment.talentId) {
    const shares = await earningSharesOf(tx, payment.talentId);
    const spent = earningOfPaidCredits(
      shortfall,
      shares.revenueSharePpm,
      shares.referralTalentId ? shares.referralSharePpm : null,
    );
    earnings = { gross: spent.grossMicroUsd, net: spent.netMicroUsd, referral: spent.referralMicroUsd };
    referralTalentId = spent.referralMicroUsd > 0 ? shares.referralTalentId : null;
  }

  await Promise.all([
    taken > 0 && payment.userId
      ? tx
          .update(users)
          .set({ paidCredits: sql`${users.paidCredits} - ${taken}` })
          .where(eq(users.id, payment.userId))
      : undefined,
    tx.insert(paymentLedger).values({
      key: event.key,
      kind: 'REVERSAL',
      reason: event.reason,
      paymentId: payment.id,
      userId: payment.userId,
      talentId: payment.talentId,
      amount: -delta,
      paidCredits: -taken,
      shortfallCredits: shortfall,
      grossMicroUsd: -earnings.gross,
      netMicroUsd: -earnings.net,
      referralMicroUsd: -earnings.referral,
      referralTalentId: earnings.referral > 0 ? referralTalentId : null,
      createdAt: now,
    }),
    recordChanges(
      tx,
      paymentChanges({ paymentId: payment.id, userId: payment.userId, earningTalentIds: [payment.talentId, referralTalentId] }),
    ),
  ]);
  if (payment.talentId && (earnings.gross > 0 || earnings.referral > 0)) {
    await bookEarningReversal(
      tx,
      {
        talentId: payment.talentId,
        grossMicroUsd: earnings.gross,
        netMicroUsd: earnings.net,
        referralMicroUsd: earnings.referral,
        referralTalentId,
      },
      now,
      `payment-ledger:${event.key}`,
    );
  }
  return { paymentId: payment.id, isNew: true };
}

/**
 * Undoes one reversal exactly (a dispute won, an App Store refund reversed), once: the credits it
 * took come back to the fan and the earnings it reversed are restored in the frames of the
 * reversal's own date.
 */
export async function reinstatePayment(tx: Transaction, event: PaymentReinstated, now = new Date()): Promise<ReversalResult> {
  const [reversal] = await tx.select().from(paymentLedger).where(eq(paymentLedger.key, event.reversalKey));
  if (!reversal) return voidUnbookedReversal(tx, event, now);
  if (reversal.kind !== 'REVERSAL') return { paymentId: reversal.paymentId, isNew: false };
  const [locked] = await tx.select(paymentColumns).from(payments).where(eq(payments.id, reversal.paymentId)).for('update');
  if (!locked) throw new Error(`payment ${reversal.paymentId} of reversal ${reversal.key} vanished`);
  // Already undone, under this key or another (each reversal is undone at most once).
  const [undone] = await tx
    .select({ id: paymentLedger.id })
    .from(paymentLedger)
    .where(or(eq(paymentLedger.reversesEntryId, reversal.id), eq(paymentLedger.key, event.key)))
    .limit(1);
  if (undone) return { paymentId: locked.id, isNew: false };

  const restored = -reversal.paidCredits;
  if (restored > 0 && locked.userId) await lockFanBalance(tx, locked.userId);
  await Promise.all([
    restored > 0 && locked.userId
      ? tx
          .update(users)
          .set({ paidCredits: sql`${users.paidCredits} + ${restored}` })
          .where(eq(users.id, locked.userId))
      : undefined,
    tx.insert(paymentLedger).values({
      key: event.key,
      kind: 'REINSTATEMENT',
      reason: reversal.reason,
      paymentId: locked.id,
      reversesEntryId: reversal.id,
      userId: locked.userId,
      talentId: locked.talentId,
      amount: -reversal.amount,
      paidCredits: restored,
      shortfallCredits: reversal.shortfallCredits,
      grossMicroUsd: -reversal.grossMicroUsd,
      netMicroUsd: -reversal.netMicroUsd,
      referralMicroUsd: -reversal.referralMicroUsd,
      referralTalentId: reversal.referralTalentId,
      createdAt: now,
    }),
    recordChanges(
      tx,
      paymentChanges({
        paymentId: locked.id,
        userId: locked.userId,
        earningTalentIds: [reversal.talentId, reversal.referralTalentId],
      }),
    ),
  ]);
  if (reversal.talentId && (reversal.grossMicroUsd !== 0 || reversal.referralMicroUsd !== 0)) {
    await bookEarningReversal(
      tx,
      {
        talentId: reversal.talentId,
        grossMicroUsd: reversal.grossMicroUsd,
        netMicroUsd: reversal.netMicroUsd,
        referralMicroUsd: reversal.referralMicroUsd,
        referralTalentId: reversal.referralTalentId,
      },
      reversal.createdAt,
      `payment-ledger:${event.key}`,
    );
  }
  return { paymentId: locked.id, isNew: true };
}

/**
 * The outcome came first (a dispute won before its creation was delivered) or its reversal never
 * moved money (an inquiry): a zero reversal is booked under the reversal's key, so the reversal
 * arriving later finds its key taken and books nothing, and a zero reinstatement marks the outcome.
 */
async function voidUnbookedReversal(tx: Transaction, event: PaymentReinstated, now: Date): Promise<ReversalResult> {
  const payment = await lockPayment(tx, event.payment);
  const [taken] = await tx.select({ id: paymentLedger.id }).from(paymentLedger).where(eq(paymentLedger.key, event.reversalKey));
  if (taken) return { paymentId: payment.id, isNew: false };
  const reason = event.reversalKey.includes(':dispute:') ? ('DISPUTE' as const) : ('REFUND' as const);
  const base = { paymentId: payment.id, userId: payment.userId, talentId: payment.talentId, amount: 0, reason, createdAt: now };
  const [voided] = await tx
    .insert(paymentLedger)
    .values({ ...base, key: event.reversalKey, kind: 'REVERSAL' })
    .returning({ id: paymentLedger.id });
  await tx
    .insert(paymentLedger)
    .values({ ...base, key: event.key, kind: 'REINSTATEMENT', reversesEntryId: voided?.id ?? null })
    .onConflictDoNothing();
  await recordChanges(tx, paymentChanges({ paymentId: payment.id, userId: null }));
  return { paymentId: payment.id, isNew: true };
}
