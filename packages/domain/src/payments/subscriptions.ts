import { chats, type Executor, recordChanges, subscriptions, type Transaction } from '@doppel/db';
import { type AnyColumn, and, eq, gt, max, type SQL, sql } from 'drizzle-orm';
import { balanceChanged } from '../chat/scopes.ts';
import type { SubscriptionEnded, SubscriptionRenewalChanged } from '../ports/payments.ts';
import { PaymentEventNotReady } from './not-ready.ts';

/**
 * Until when the fan's subscription to the twin is paid, or null when there is none active. While
 * it is, messages to that twin cost no credits (docs/payments.md).
 */
export async function activeSubscriptionUntil(
  db: Executor,
  input: { userId: string; talentId: string; now?: Date },
): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(subscriptions.currentPeriodEnd) })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, input.userId),
        eq(subscriptions.talentId, input.talentId),
        eq(subscriptions.status, 'ACTIVE'),
        gt(subscriptions.currentPeriodEnd, input.now ?? new Date()),
      ),
    );
  return row?.until ?? null;
}

/**
 * Whether the fan has an active, paid-up subscription to the twin, as one boolean expression for a
 * statement that reads the chat anyway (the send's chat lock, send-message.ts): `talentId` is that
 * statement's twin column, `userId` and `now` its values (placeholders there). The rule of
 * `isSubscribedInChat`, asked without a statement of its own (subscriptions_user_talent_idx).
 */
export function subscribedToTwinSql(talentId: AnyColumn, userId: unknown, now: unknown): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptions.talentId} = ${talentId} and ${subscriptions.status} = 'ACTIVE' and ${subscriptions.currentPeriodEnd} > ${now})`.mapWith(
    Boolean,
  );
}

/**
 * The same question asked by chat (the fan's chat with the twin), so a send can pipeline it with
 * its locks before it knows the twin.
 */
export async function isSubscribedInChat(db: Executor, input: { userId: string; chatId: string; now: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(chats, eq(chats.talentId, subscriptions.talentId))
    .where(
      and(
        eq(chats.id, input.chatId),
        eq(subscriptions.userId, input.userId),
        eq(subscriptions.status, 'ACTIVE'),
        gt(subscriptions.currentPeriodEnd, input.now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The provider ended a subscription: messages are charged again from now on. Safe to repeat. */
export async function endSubscription(tx: Transaction, event: SubscriptionEnded): Promise<{ isNew: boolean }> {
  const [row] = await tx
    .select({ id: subscriptions.id, status: subscriptions.status, userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.externalId, event.externalId))
    .for('update');
  if (!row) throw new PaymentEventNotReady(`no subscription ${event.externalId} is booked yet`);
  if (row.status === 'ENDED') return { isNew: false };
  await tx
    .update(subscriptions)
    .set({ status: 'ENDED', endedAt: event.endedAt, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
  await recordChanges(tx, [balanceChanged(row.userId), { entity: 'subscriptions', rowId: row.id, scopes: ['admin'] }]);
  return { isNew: true };
}

/**
 * The fan cancelled the subscription (it ends with the period paid) or resumed it. Only the
 * "subscription ending" reach-out reads it: a subscription that renews is not about to end.
 * Safe to repeat. A subscription not booked yet waits for its payment, as an ending does.
 */
export async function setSubscriptionRenewal(tx: Transaction, event: SubscriptionRenewalChanged): Promise<void> {
  const updated = await tx
    .update(subscriptions)
    .set({ endsAtPeriodEnd: event.endsAtPeriodEnd, updatedAt: new Date() })
    .where(eq(subscriptions.externalId, event.externalId))
    .returning({ id: subscriptions.id });
  if (updated.length === 0) throw new PaymentEventNotReady(`no subscription ${event.externalId} is booked yet`);
}
