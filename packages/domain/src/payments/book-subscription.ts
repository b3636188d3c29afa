// A subscription payment's period, under the rule "one paying subscription per fan and twin"
// (docs/payments.md). The check at checkout is not enough: a fan can open several checkouts before
// paying any. So the booking decides, with the fan's row locked (every payment of a fan queues
// there), and the database backs it with a partial unique index on the ACTIVE subscriptions.
import { recordChanges, subscriptions, type Transaction, talents } from '@doppel/db';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import type { PaymentSucceeded } from '../ports/payments.ts';
import { providerOfKey } from './provider-of-key.ts';
import { PaymentRefused } from './refused.ts';

type Period = NonNullable<PaymentSucceeded['subscription']>;

/** What booking the period will do, decided before anything is written. */
export type SubscriptionPlan = {
  /** Another subscription of the fan to the twin is paid up: this payment is a duplicate. */
  duplicateOf: string | null;
  /** ACTIVE subscriptions whose paid period is over: ended before this one starts. */
  lapsed: string[];
};

/**
 * Reads the fan's subscriptions to the twin and this payment's own. A subscription on file for
 * another fan or twin is refused; a second paid-up one is a duplicate, which the sandbox refuses
 * (no money moved) and the card providers book as money to give back.
 */
export async function planSubscription(
  tx: Transaction,
  event: PaymentSucceeded & { talentId: string; subscription: Period },
  now: Date,
): Promise<SubscriptionPlan> {
  const provider = providerOfKey(event.key);
  const rows = await tx
    .select({
      id: subscriptions.id,
      provider: subscriptions.provider,
      externalId: subscriptions.externalId,
      userId: subscriptions.userId,
      talentId: subscriptions.talentId,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(
      or(
        and(eq(subscriptions.provider, provider), eq(subscriptions.externalId, event.subscription.externalId)),
        and(
          eq(subscriptions.userId, event.userId),
          eq(subscriptions.talentId, event.talentId),
          eq(subscriptions.status, 'ACTIVE'),
        ),
      ),
    );
  const own = rows.find((row) => row.provider === provider && row.externalId === event.subscription.externalId);
  if (own && (own.userId !== event.userId || own.talentId !== event.talentId))
    throw new PaymentRefused({ key: event.key, checkoutId: event.checkoutId ?? null, reason: 'SUBSCRIPTION_MISMATCH' });
  const others = rows.filter((row) => row !== own && row.userId === event.userId && row.status === 'ACTIVE');
  const paidUp = others.find((row) => row.currentPeriodEnd > now);
  if (paidUp && provider === 'sandbox') {
    const [twin] = await tx.select({ name: talents.name }).from(talents).where(eq(talents.id, event.talentId));
    throw new DomainError('CONFLICT', `You are already subscribed to ${twin?.name ?? 'this twin'}.`);
  }
  return { duplicateOf: paidUp?.id ?? null, lapsed: paidUp ? [] : others.map((row) => row.id) };
}

/**
 * Books the period: ends lapsed subscriptions, then starts or extends this one. A payment that buys
 * nothing (a duplicate, a wrong amount) keeps its subscription on file as ENDED instead, so the
 * provider's later events about it (its cancellation) find it. Returns the subscription's id.
 */
export async function bookSubscriptionPeriod(
  tx: Transaction,
  input: {
    event: PaymentSucceeded & { talentId: string; subscription: Period };
    productId: string;
    plan: SubscriptionPlan;
    buysNothing: boolean;
    now: Date;
  },
): Promise<string> {
  const { event, plan, now } = input;
  const provider = providerOfKey(event.key);
  const values = {
    provider,
    externalId: event.subscription.externalId,
    userId: event.userId,
    talentId: event.talentId,
    productId: input.productId,
    currentPeriodEnd: event.subscription.periodEnd,
    // Nobody bills a sandbox subscription again: it ends with the period paid. Stripe's renew until cancelled.
    endsAtPeriodEnd: provider === 'sandbox',
  };
  if (input.buysNothing) {
    await tx
      .insert(subscriptions)
      .values({ ...values, status: 'ENDED', endedAt: now })
      .onConflictDoNothing({ target: [subscriptions.provider, subscriptions.externalId] });
    const [kept] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, values.provider), eq(subscriptions.externalId, values.externalId)));
    if (!kept) throw new Error(`subscription ${values.externalId} was not kept`);
    await recordChanges(tx, [{ entity: 'subscriptions', rowId: kept.id, scopes: ['admin'] }]);
    return kept.id;
  }
  if (plan.lapsed.length > 0) {
    await tx
      .update(subscriptions)
      .set({ status: 'ENDED', endedAt: sql`${subscriptions.currentPeriodEnd}`, updatedAt: now })
      .where(inArray(subscriptions.id, plan.lapsed));
    await recordChanges(
      tx,
      plan.lapsed.map((id) => ({ entity: 'subscriptions', rowId: id, scopes: ['admin'] })),
    );
  }
  const [held] = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.externalId],
      set: {
        currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, excluded.current_period_end)`,
        updatedAt: now,
      },
    })
    .returning({ id: subscriptions.id });
  if (!held) throw new Error(`subscription ${values.externalId} was not booked`);
  return held.id;
}
