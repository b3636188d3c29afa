import { type Executor, paymentLedger, payments, subscriptions } from '@doppel/db';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { CardPayments, PaymentEvent } from '../ports/payments.ts';
import { providerOfKey } from './provider-of-key.ts';

/**
 * After an event's booking has committed: gives back the money of every second subscription to a
 * twin it booked (book-subscription.ts), by ending that subscription at the provider and refunding
 * its payment. The refund comes back as the provider's own refund event and is booked like any
 * refund. Until then every delivery of the event asks again, so a provider failure here is retried
 * by the provider's redelivery; the port's calls are safe to repeat. Answers how many were asked.
 */
export async function giveBackDuplicateSubscriptions(
  db: Executor,
  events: readonly PaymentEvent[],
  card: CardPayments | undefined,
): Promise<number> {
  const keys = events.flatMap((event) => (event.type === 'payment.succeeded' && event.subscription ? [event.key] : []));
  if (!card || keys.length === 0) return 0;
  const refund = db
    .select({ id: paymentLedger.id })
    .from(paymentLedger)
    .where(and(eq(paymentLedger.paymentId, payments.id), eq(paymentLedger.kind, 'REVERSAL'), eq(paymentLedger.reason, 'REFUND')));
  const duplicates = await db
    .select({
      movementKey: payments.movementKey,
      paymentIntentId: payments.stripePaymentIntentId,
      subscriptionExternalId: subscriptions.externalId,
    })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(and(inArray(payments.movementKey, keys), eq(payments.problem, 'DUPLICATE_SUBSCRIPTION'), notExists(refund)));
  let asked = 0;
  for (const duplicate of duplicates) {
    if (providerOfKey(duplicate.movementKey) !== card.provider) continue;
    if (duplicate.subscriptionExternalId) await card.cancelSubscription(duplicate.subscriptionExternalId);
    // Without its PaymentIntent the money cannot be named; the payment stays in admin Payments as a problem.
    if (duplicate.paymentIntentId) await card.refundPayment(duplicate.paymentIntentId);
    asked += 1;
  }
  return asked;
}
