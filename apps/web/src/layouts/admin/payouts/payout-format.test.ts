import { payoutReasonText } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { payoutStatusLabels, transferTypeLabels } from '../../../components/payout-labels.ts';
import {
  actorLabel,
  bankFileNote,
  emptyPayoutsText,
  formatPayoutAmount,
  formatPayoutMoney,
  payoutStatusFilterOptions,
  payoutStatusOptions,
  personLabel,
  timelineEffect,
  timelineTitle,
} from './payout-format.ts';

describe('labels', () => {
  it('names the statuses and transfer types as the screens show them', () => {
    expect(payoutStatusLabels).toEqual({ PENDING: 'Pending', EXECUTED: 'Executed', REJECTED: 'Rejected', FAILED: 'Failed' });
    expect(transferTypeLabels).toEqual({ BANK_TRANSFER: 'Bank transfer', PAYPAL: 'PayPal' });
  });

  it('offers All then every status in the list filter, and the statuses alone in the form', () => {
    expect(payoutStatusFilterOptions.map((option) => option.label)).toEqual(['All', 'Pending', 'Executed', 'Rejected', 'Failed']);
    expect(payoutStatusFilterOptions[0]?.value).toBe('all');
    expect(payoutStatusOptions.map((option) => option.value)).toEqual(['PENDING', 'EXECUTED', 'REJECTED', 'FAILED']);
  });

  it('says what an empty list holds', () => {
    expect(emptyPayoutsText('all')).toBe('No payouts yet.');
    expect(emptyPayoutsText('PENDING')).toBe('No pending payouts.');
    expect(emptyPayoutsText('FAILED')).toBe('No failed payouts.');
  });
});

describe('amounts', () => {
  it('formats integer cents with the currency spelled out', () => {
    expect(formatPayoutAmount(1234, 'USD')).toBe('$12.34 USD');
    expect(formatPayoutAmount(200_000, 'USD')).toBe('$2,000.00 USD');
    expect(formatPayoutMoney(5, 'USD')).toBe('$0.05');
    expect(formatPayoutMoney(1_050, 'EUR')).toBe('€10.50');
  });
});

describe('reason', () => {
  it('shows "Unknown reason" for a rejected or failed payout without one (docs/product-rules.md#errors-and-success-messages)', () => {
    expect(payoutReasonText('REJECTED', null)).toBe('Unknown reason');
    expect(payoutReasonText('FAILED', 'Account closed')).toBe('Account closed');
    expect(payoutReasonText('EXECUTED', 'leftover')).toBeNull();
  });
});

describe('timeline', () => {
  it('titles the request and each status it moved to', () => {
    expect(timelineTitle({ previousStatus: null, status: 'PENDING' })).toBe('Requested');
    expect(timelineTitle({ previousStatus: 'PENDING', status: 'EXECUTED' })).toBe('Executed');
    expect(timelineTitle({ previousStatus: 'PENDING', status: 'REJECTED' })).toBe('Rejected');
    expect(timelineTitle({ previousStatus: 'PENDING', status: 'FAILED' })).toBe('Failed');
    expect(timelineTitle({ previousStatus: 'REJECTED', status: 'PENDING' })).toBe('Set back to pending');
  });

  it('says what each change did to the talent’s money', () => {
    expect(timelineEffect({ heldCents: 8000, paidCents: 0 }, 'USD')).toBe('$80.00 held');
    expect(timelineEffect({ heldCents: 0, paidCents: 8000 }, 'USD')).toBe('$80.00 paid out');
    expect(timelineEffect({ heldCents: -8000, paidCents: 0 }, 'USD')).toBe('$80.00 released');
    expect(timelineEffect({ heldCents: -8000, paidCents: -8000 }, 'USD')).toBe('$80.00 released · $80.00 no longer paid out');
    expect(timelineEffect({ heldCents: 0, paidCents: -8000 }, 'USD')).toBe('$80.00 no longer paid out');
    expect(timelineEffect({ heldCents: 0, paidCents: 0 }, 'USD')).toBe('No money moved');
  });

  it('names who made a change, or the system', () => {
    expect(actorLabel(null)).toBe('System');
    expect(actorLabel({ id: 'u1', name: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(actorLabel({ id: 'u1', name: ' ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(personLabel({ name: null, email: null })).toBe('Deleted user');
  });
});

describe('bank file', () => {
  it('is unavailable with the server’s reason when no debtor account is configured', () => {
    expect(bankFileNote({ unavailableReason: 'Set PAYOUT_BANK_DEBTOR_NAME …', pendingBankPayouts: 3 })).toEqual({
      ready: false,
      text: 'Set PAYOUT_BANK_DEBTOR_NAME …',
    });
  });

  it('is ready only with pending bank payouts, and says how many it holds', () => {
    expect(bankFileNote({ unavailableReason: null, pendingBankPayouts: 0 })).toEqual({
      ready: false,
      text: 'No pending bank payouts.',
    });
    expect(bankFileNote({ unavailableReason: null, pendingBankPayouts: 1 })).toEqual({
      ready: true,
      text: '1 pending bank payout',
    });
    expect(bankFileNote({ unavailableReason: null, pendingBankPayouts: 3 })).toEqual({
      ready: true,
      text: '3 pending bank payouts',
    });
  });
});
