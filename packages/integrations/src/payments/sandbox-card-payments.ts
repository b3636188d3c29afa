// The offline default of the CardPayments port: with no Stripe keys, a checkout opens our own
// sandbox page (/checkout/sandbox/:id), which completes the purchase at once and records it with
// isSandbox = true. No money moves and no webhook ever arrives.
import { type CardPayments, PaymentVerificationError } from '@doppel/domain/ports';

/** `publicUrl` is read at each checkout: a server started on port 0 learns its address late. */
export function createSandboxCardPayments(options: { publicUrl: () => string }): CardPayments {
  return {
    provider: 'sandbox',
    isTestMode: true,
    async createCheckout(request) {
      const base = options.publicUrl().replace(/\/$/, '');
      return { externalId: request.checkoutId, url: `${base}/checkout/sandbox/${encodeURIComponent(request.checkoutId)}` };
    },
    async verifyWebhook() {
      throw new PaymentVerificationError('Stripe is not configured: this server takes no Stripe webhooks.');
    },
    // The sandbox refuses a second subscription instead of booking it, so it never gives money back.
    async cancelSubscription() {
      throw new Error('the sandbox moves no money: there is no subscription to cancel');
    },
    async refundPayment() {
      throw new Error('the sandbox moves no money: there is nothing to refund');
    },
  };
}
