import { describe, expect, it } from 'vitest';
import { priceFromStripe, stripeFractionDigits, toStripeUnitAmount } from './stripe-currency.ts';

describe('Stripe amounts', () => {
  it('knows zero- and three-decimal currencies in any case', () => {
    expect(stripeFractionDigits('usd')).toBe(2);
    expect(stripeFractionDigits('JPY')).toBe(0);
    expect(stripeFractionDigits('krw')).toBe(0);
    expect(stripeFractionDigits('kwd')).toBe(3);
  });

  it('reads a Stripe amount as a Price with upper-case currency', () => {
    expect(priceFromStripe(999, 'eur')).toEqual({ amount: 999, fractionDigits: 2, currency: 'EUR' });
    expect(priceFromStripe(500, 'jpy')).toEqual({ amount: 500, fractionDigits: 0, currency: 'JPY' });
  });

  it('writes a price in Stripe units, rescaling other fraction digits without ever rounding', () => {
    expect(toStripeUnitAmount({ amount: 499, fractionDigits: 2, currency: 'USD' })).toBe(499);
    expect(toStripeUnitAmount({ amount: 50000, fractionDigits: 2, currency: 'JPY' })).toBe(500);
    expect(toStripeUnitAmount({ amount: 5, fractionDigits: 0, currency: 'USD' })).toBe(500);
    expect(() => toStripeUnitAmount({ amount: 50050, fractionDigits: 2, currency: 'JPY' })).toThrow(/cannot be charged in JPY/);
    expect(() => toStripeUnitAmount({ amount: -1, fractionDigits: 2, currency: 'USD' })).toThrow();
  });
});
