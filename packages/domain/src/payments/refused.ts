/**
 * Why a genuine provider event is not booked at all: it names a checkout that does not exist, or
 * one that belongs to another fan or product, or a subscription of another fan. Retrying cannot
 * change that, so the event is stored (a replay finds it) and acknowledged; the webhook logs the
 * ids for a person to look at.
 */
export type PaymentRefusalReason = 'UNKNOWN_CHECKOUT' | 'CHECKOUT_MISMATCH' | 'SUBSCRIPTION_MISMATCH';

/** What the webhook logs about a refused payment: ids and the reason, nothing else. */
export type PaymentRefusal = { key: string; checkoutId: string | null; reason: PaymentRefusalReason };

/** Thrown by the booking before it writes anything, so the caller's transaction stays usable. */
export class PaymentRefused extends Error {
  readonly refusal: PaymentRefusal;
  constructor(refusal: PaymentRefusal) {
    super(`payment ${refusal.key} refused: ${refusal.reason}`);
    this.name = 'PaymentRefused';
    this.refusal = refusal;
  }
}
