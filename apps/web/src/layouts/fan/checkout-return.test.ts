import type { CheckoutView } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { checkoutNotice, parseCheckoutReturn, withoutCheckoutParams } from './checkout-return.ts';

const view = (change: Partial<CheckoutView>): CheckoutView => ({
  id: 'ck_1',
  provider: 'sandbox',
  mode: 'payment',
  status: 'COMPLETED',
  productName: '100 credits',
  credits: 100,
  price: { amount: 1000, fractionDigits: 2, currency: 'USD' },
  talent: { id: 't1', name: 'Mia', tag: 'mia' },
  returnPath: '/chat/mia',
  ...change,
});

describe('parseCheckoutReturn', () => {
  it('reads the checkout and its outcome from the address', () => {
    expect(parseCheckoutReturn('?checkout=ck_1&outcome=success')).toEqual({ checkoutId: 'ck_1', outcome: 'success' });
    expect(parseCheckoutReturn('?outcome=cancel&checkout=ck_2&x=1')).toEqual({ checkoutId: 'ck_2', outcome: 'cancel' });
  });

  it('ignores an address without a checkout or with an unknown outcome', () => {
    expect(parseCheckoutReturn('')).toBeNull();
    expect(parseCheckoutReturn('?checkout=ck_1')).toBeNull();
    expect(parseCheckoutReturn('?checkout=&outcome=success')).toBeNull();
    expect(parseCheckoutReturn('?checkout=ck_1&outcome=maybe')).toBeNull();
    expect(parseCheckoutReturn(`?checkout=${'x'.repeat(101)}&outcome=success`)).toBeNull();
  });

  it('removes only the checkout parameters', () => {
    expect(withoutCheckoutParams('?checkout=ck_1&outcome=success')).toBe('');
    expect(withoutCheckoutParams('?a=1&checkout=ck_1&outcome=cancel&b=2')).toBe('?a=1&b=2');
  });
});

describe('checkoutNotice', () => {
  it('waits while the checkout is open', () => {
    expect(checkoutNotice(view({ status: 'OPEN' }), null)).toBeNull();
  });

  it('tells what a completed pack added', () => {
    expect(checkoutNotice(view({}), null)).toEqual({ tone: 'success', text: 'Payment received: 100 credits added.' });
  });

  it('tells until when a subscription makes messages free', () => {
    const subscription = view({ mode: 'subscription', credits: null });
    const until = new Date(2026, 11, 23, 12, 0).toISOString();
    expect(checkoutNotice(subscription, until)?.text).toBe("You're subscribed to Mia: messages are free until 23/12/2026.");
    expect(checkoutNotice(subscription, null)?.text, 'before the chat knows the date').toBe(
      "You're subscribed to Mia: messages are free.",
    );
  });

  it('says nothing was charged when the payment failed, expired or was canceled', () => {
    for (const status of ['FAILED', 'EXPIRED'] as const) {
      expect(checkoutNotice(view({ status }), null)).toEqual({
        tone: 'failure',
        text: 'The payment did not go through. Nothing was charged.',
      });
    }
    expect(checkoutNotice(view({ status: 'CANCELED' }), null)?.text).toBe('Checkout canceled. Nothing was charged.');
  });
});
