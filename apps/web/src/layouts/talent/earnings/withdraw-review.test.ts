import { describe, expect, it } from 'vitest';
import type { WithdrawValues } from './earnings-format.ts';
import { maskIban, payoutDestinationText } from './withdraw-review.ts';

const values: WithdrawValues = {
  transferType: 'BANK_TRANSFER',
  accountHolderName: ' Mia Rivera ',
  iban: 'de89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  payPalEmail: 'mia@example.com',
  taxId: '',
};

describe('withdraw review', () => {
  it('shows only the last four characters of an IBAN, whatever its spacing', () => {
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('••••\u00a03000');
    expect(maskIban('de89370400440532013000')).toBe('••••\u00a03000');
  });

  it('names a bank destination by holder and masked IBAN, never the whole number', () => {
    const text = payoutDestinationText(values);
    expect(text).toBe('Bank transfer to Mia Rivera, IBAN ••••\u00a03000');
    expect(text).not.toContain('0532');
  });

  it('names a PayPal destination by its email, ignoring bank fields left in the form', () => {
    expect(payoutDestinationText({ ...values, transferType: 'PAYPAL' })).toBe('PayPal to mia@example.com');
  });
});
