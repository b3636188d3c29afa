import { checkouts, providerEvents, recordChanges, type Transaction } from '@doppel/db';
import { and, eq } from 'drizzle-orm';
import type { CheckoutClosed, PaymentEvent, VerifiedProviderEvent } from '../ports/payments.ts';
import { recordPayment } from './record-payment.ts';
import { reinstatePayment, reversePayment } from './reverse-payment.ts';
import { endSubscription } from './subscriptions.ts';

export type ProcessedEvent = { duplicate: boolean };

/** An abandoned or failed checkout: the fan coming back is told so. Only an open one changes. */
async function closeCheckout(tx: Transaction, event: CheckoutClosed): Promise<void> {
  const [closed] = await tx
    .update(checkouts)
    .set({ status: event.outcome, updatedAt: new Date() })
    .where(and(eq(checkouts.id, event.checkoutId), eq(checkouts.status, 'OPEN')))
    .returning({ id: checkouts.id, userId: checkouts.userId });
  if (closed) await recordChanges(tx, [{ entity: 'users', rowId: closed.userId, scopes: [`user:${closed.userId}`] }]);
}

export async function applyPaymentEvent(tx: Transaction, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'payment.succeeded':
      await recordPayment(tx, event);
      return;
    case 'payment.reversed':
      await reversePayment(tx, event);
      return;
    case 'payment.reinstated':
      await reinstatePayment(tx, event);
      return;
    case 'subscription.ended':
      await endSubscription(tx, event);
      return;
    case 'checkout.closed':
      await closeCheckout(tx, event);
      return;
    case 'ignored':
      return;
  }
}

/**
 * Stores a verified provider event by its provider id and applies what it means, in the caller's
 * one transaction: a replay (or a concurrent duplicate delivery, which waits on the first one's
 * uncommitted row) finds the event stored and changes nothing. When applying fails nothing is
 * stored, so the provider's retry gets another go.
 */
export async function processProviderEvent(tx: Transaction, verified: VerifiedProviderEvent): Promise<ProcessedEvent> {
  const [stored] = await tx
    .insert(providerEvents)
    .values({
      provider: verified.provider,
      eventId: verified.eventId,
      eventType: verified.eventType,
      payload: verified.payload ?? {},
    })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  if (!stored) return { duplicate: true };
  for (const event of verified.events) await applyPaymentEvent(tx, event);
  return { duplicate: false };
}
