// STUB — replaced by the PayPal Payouts client (helper task).
import type { PayPalPayouts } from '@doppel/domain';

export type PayPalPayoutsConfig = {
  clientId: string;
  clientSecret: string;
  /** API root, e.g. https://api-m.sandbox.paypal.com (tests: the fake's URL). */
  baseUrl: string;
  fetch?: typeof fetch;
};

export function createPayPalPayouts(_config: PayPalPayoutsConfig): PayPalPayouts {
  throw new Error('not built yet');
}

/** PayPal's sandbox: the default, so live keys are used only when PAYPAL_API_URL says so. */
export const defaultPayPalApiUrl = 'https://api-m.sandbox.paypal.com';
