// CheckoutRequests as the domain hands them to CardPayments, for tests of the Stripe adapter and the
// fake: a 50-credit pack (USD, payment mode) and a twin's monthly subscription (EUR).
import type { CheckoutRequest } from '@doppel/domain/ports';

export const creditPackCheckout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  checkoutId: 'chk_credits_1',
  mode: 'payment',
  userId: 'user_fan',
  email: 'fan@example.com',
  talentId: 'talent_mia',
  product: {
    id: 'prod_credits_50',
    name: '50 credits',
    price: { amount: 499, fractionDigits: 2, currency: 'USD' },
    externalId: null,
    credits: 50,
  },
  successUrl: 'https://doppel.test/checkout/done',
  cancelUrl: 'https://doppel.test/chat/mia',
  ...overrides,
});

export const monthlySubscriptionCheckout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest =>
  creditPackCheckout({
    checkoutId: 'chk_sub_1',
    mode: 'subscription',
    product: {
      id: 'prod_mia_monthly',
      name: 'Mia monthly',
      price: { amount: 999, fractionDigits: 2, currency: 'EUR' },
      externalId: null,
      credits: null,
    },
    ...overrides,
  });
