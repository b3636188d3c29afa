// Coming back to the chat from a checkout: the provider (or the sandbox page) sends the fan to
// `/chat/<tag>?checkout=<id>&outcome=success|cancel`. Pure, unit-tested; the hook is use-checkout-return.ts.
import type { CheckoutView } from '@doppel/validation';
import { formatDayInZone, viewerTimeZone } from '@doppel/validation';

export type CheckoutReturn = { checkoutId: string; outcome: 'success' | 'cancel' };

/** The checkout the address reports on, or null when it names none (or says something unknown). */
export function parseCheckoutReturn(search: string): CheckoutReturn | null {
  const params = new URLSearchParams(search);
  const checkoutId = params.get('checkout')?.trim() ?? '';
  const outcome = params.get('outcome');
  if (!checkoutId || checkoutId.length > 100 || (outcome !== 'success' && outcome !== 'cancel')) return null;
  return { checkoutId, outcome };
}

/** The address's query without the checkout's parameters ("" or "?…"), to replace it with. */
export function withoutCheckoutParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('checkout');
  params.delete('outcome');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** How long the chat keeps asking whether a returning payment went through. */
export const confirmTimeoutMs = 60_000;
export const confirmPollMs = 2_000;

export type CheckoutNotice = { tone: 'pending' | 'success' | 'neutral' | 'failure'; text: string };

export const confirmingNotice: CheckoutNotice = { tone: 'pending', text: 'Confirming your payment…' };
export const canceledNotice: CheckoutNotice = { tone: 'neutral', text: 'Checkout canceled. Nothing was charged.' };
export const failedNotice: CheckoutNotice = { tone: 'failure', text: 'The payment did not go through. Nothing was charged.' };
export const slowNotice: CheckoutNotice = {
  tone: 'pending',
  text: 'Your payment is taking longer to confirm. Your balance updates here as soon as it arrives.',
};

/**
 * What the fan is told about a checkout they came back from, or null while it is still open.
 * `subscribedUntil` is the chat's (ISO), for the subscription's end date once it is known.
 */
export function checkoutNotice(view: CheckoutView, subscribedUntil: string | null): CheckoutNotice | null {
  switch (view.status) {
    case 'OPEN':
      return null;
    case 'CANCELED':
      return canceledNotice;
    case 'EXPIRED':
    case 'FAILED':
      return failedNotice;
    case 'COMPLETED': {
      if (view.mode === 'subscription') {
        const twin = view.talent?.name ?? 'this twin';
        const until = subscribedUntil ? formatDayInZone(subscribedUntil, viewerTimeZone()) : '';
        return {
          tone: 'success',
          text: until
            ? `You're subscribed to ${twin}: messages are free until ${until}.`
            : `You're subscribed to ${twin}: messages are free.`,
        };
      }
      const credits = view.credits ?? 0;
      return { tone: 'success', text: `Payment received: ${credits} ${credits === 1 ? 'credit' : 'credits'} added.` };
    }
  }
}
