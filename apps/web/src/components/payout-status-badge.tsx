import type { PayoutStatus } from '@doppel/validation';
import { Badge, type BadgeProps } from '@mantine/core';
import { payoutStatusColors, payoutStatusLabels } from './payout-labels.ts';

/** A payout's status chip (docs/product-rules.md#payout-statuses): the creator's payouts, the admin Payouts list and detail, the talent's Payouts tab. */
export function PayoutStatusBadge({
  status,
  size = 'sm',
  testId = 'payout-status',
}: {
  status: PayoutStatus;
  size?: BadgeProps['size'];
  testId?: string;
}) {
  return (
    <Badge
      size={size}
      variant="light"
      color={payoutStatusColors[status]}
      tt="none"
      style={{ flex: 'none' }}
      data-testid={testId}
      data-status={status}
    >
      {payoutStatusLabels[status]}
    </Badge>
  );
}
