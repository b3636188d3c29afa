/**
 * A provider event that refers to something not booked yet (a refund before its payment, in a
 * shuffled delivery order). Nothing is stored; the webhook answers 503 and the provider retries
 * later, by when the payment is there.
 */
export class PaymentEventNotReady extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentEventNotReady';
  }
}
