import { checkouts, providerEvents, recordChanges, type Transaction } from '@doppel/db';
import { and, eq } from 'drizzle-orm';
import type { CheckoutClosed, PaymentEvent, VerifiedProviderEvent } from '../ports/payments.ts';
import { recordPayment } from './record-payment.ts';
import { type PaymentRefusal, PaymentRefused } from './refused.ts';
import { reinstatePayment, reversePayment } from './reverse-payment.ts';
import { endSubscription, setSubscriptionRenewal } from './subscriptions.ts';

/** `refused`: payments of the event that were not booked, for the webhook to log (refused.ts). */
export type ProcessedEvent = { duplicate: boolean; refused: PaymentRefusal[] };

/** An abandoned or failed checkout: the fan coming back is told so. Only an open one changes. */
async function closeCheckout(tx: Transaction, event: CheckoutClosed): Promise<void> {
  const [closed] = await tx
    .update(checkouts)
    .set({ status: event.outcome, updatedAt: new Date() })
    .where(and(eq(checkouts.id, event.checkoutId), eq(checkouts.status, 'OPEN')))
    .returning({ id: checkouts.id, userId: checkouts.userId });
  if (closed) await recordChanges(tx, [{ entity: 'users', rowId: closed.userId, scopes: [`user:${closed.userId}`] }]);
}

/** Applies one event; answers the refusal when a payment is refused (nothing of it was written). */
export async function applyPaymentEvent(tx: Transaction, event: PaymentEvent): Promise<PaymentRefusal | null> {
  switch (event.type) {
    case 'payment.succeeded':
      try {
        await recordPayment(tx, event);
      } catch (error) {
        if (error instanceof PaymentRefused) return error.refusal;
        throw error;
      }
      return null;
    case 'payment.reversed':
      await reversePayment(tx, event);
      return null;
    case 'payment.reinstated':
      await reinstatePayment(tx, event);
      return null;
    case 'subscription.ended':
      await endSubscription(tx, event);
      return null;
    case 'subscription.renewal':
      await setSubscriptionRenewal(tx, event);
      return null;
    case 'checkout.closed':
      await closeCheckout(tx, event);
      return null;
    case 'ignored':
      return null;
  }
}

/**
 * Stores a verified provider event by its provider id and applies what it means, in the caller's
 * one transaction: a replay (or a concurrent duplicate delivery, which waits on the first one's
 * uncommitted row) finds the event stored and changes nothing. When applying fails nothing is
 * stored, so the provider's retry gets another go. A refused payment is stored like any other:
 * retrying cannot change who its checkout belongs to.
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
  if (!stored) return { duplicate: true, refused: [] };
  const refused: PaymentRefusal[] = [];
  for (const event of verified.events) {
    const refusal = await applyPaymentEvent(tx, event);
    if (refusal) refused.push(refusal);
  }
  return { duplicate: false, refused };
}
