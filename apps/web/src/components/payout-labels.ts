// How every screen names a payout's status and transfer type (docs/product-rules.md#payout-statuses), for the creator's
// earnings and the admin Payouts section alike.
import type { PayoutStatus, TransferType } from '@doppel/validation';

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  PENDING: 'Pending',
  EXECUTED: 'Executed',
  REJECTED: 'Rejected',
  FAILED: 'Failed',
};

export const payoutStatusColors: Record<PayoutStatus, string> = {
  PENDING: 'yellow',
  EXECUTED: 'green',
  REJECTED: 'red',
  FAILED: 'orange',
};

export const transferTypeLabels: Record<TransferType, string> = {
  BANK_TRANSFER: 'Bank transfer',
  PAYPAL: 'PayPal',
};
