import { describe, expect, it } from 'vitest';
import { adminPaymentGetInput, adminPaymentsListInput } from './payments.ts';

describe('adminPaymentsListInput', () => {
  it('hides sandbox payments and lists every price type by default (docs/product-rules.md#admin-back-office)', () => {
    expect(adminPaymentsListInput.parse({})).toEqual({ showSandbox: false, priceType: 'all' });
    expect(adminPaymentsListInput.parse({ showSandbox: true, priceType: 'SUBSCRIPTION', cursor: 'abc' })).toEqual({
      showSandbox: true,
      priceType: 'SUBSCRIPTION',
      cursor: 'abc',
    });
  });

  it('refuses a price type that does not exist', () => {
    expect(adminPaymentsListInput.safeParse({ priceType: 'FREE' }).success).toBe(false);
  });
});

describe('adminPaymentGetInput', () => {
  it('needs a payment id', () => {
    const result = adminPaymentGetInput.safeParse({ paymentId: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Payment ID is not defined');
  });
});
