import { describe, expect, it } from 'vitest';
import { paymentProviderOf, stripeDashboardLinks } from './payment-provider.ts';

describe('paymentProviderOf', () => {
  const base = { isSandbox: false, appleTransactionId: null, googleTransactionId: null } as const;
  it('names the sandbox first, then the store, else Stripe', () => {
    expect(paymentProviderOf({ ...base, isSandbox: true, priceType: 'ONE_TIME' })).toBe('sandbox');
    expect(paymentProviderOf({ ...base, priceType: 'APPLE_ONE_TIME', appleTransactionId: '2000' })).toBe('apple');
    expect(paymentProviderOf({ ...base, priceType: 'GOOGLE_ONE_TIME', googleTransactionId: 'GPA.1' })).toBe('google');
    expect(paymentProviderOf({ ...base, priceType: 'SUBSCRIPTION' })).toBe('stripe');
    expect(paymentProviderOf({ ...base, priceType: 'ONE_TIME' })).toBe('stripe');
  });
});

describe('stripeDashboardLinks', () => {
  it('links the live dashboard, or its test mode for a test key', () => {
    expect(stripeDashboardLinks({ paymentIntentId: 'pi_1', invoiceId: 'in_1' }, { testMode: false })).toEqual({
      paymentIntent: 'https://dashboard.stripe.com/payments/pi_1',
      invoice: 'https://dashboard.stripe.com/invoices/in_1',
    });
    expect(stripeDashboardLinks({ paymentIntentId: 'pi_1', invoiceId: null }, { testMode: true })).toEqual({
      paymentIntent: 'https://dashboard.stripe.com/test/payments/pi_1',
      invoice: null,
    });
  });
});
