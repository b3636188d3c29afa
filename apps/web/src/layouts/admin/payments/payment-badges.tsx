import type { AdminPaymentRow, AdminPaymentStatus, PriceView, ProductPriceType } from '@doppel/validation';
import { Badge, type BadgeProps, Group, Text, VisuallyHidden } from '@mantine/core';
import { formatPrice } from '../../../components/money.ts';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';
import {
  hasDiscount,
  paymentProblemLabels,
  paymentStatusColors,
  paymentStatusLabels,
  priceTypeLabels,
} from './payment-format.ts';

/** The price chip: what the fan paid, and the list price struck through when it differs (docs/product-rules.md#admin-back-office). */
export function PriceChip({
  payment,
  size = 'md',
}: {
  payment: { price: PriceView; originalPrice: PriceView };
  size?: BadgeProps['size'];
}) {
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 'max-content' }} data-testid="payment-price">
      <Badge size={size} variant="light" color="blue" tt="none" data-testid="payment-price-amount">
        {formatPrice(payment.price)}
      </Badge>
      {hasDiscount(payment) && (
        <Text size="xs" c="dimmed" td="line-through" data-testid="payment-original-price">
          <VisuallyHidden>was </VisuallyHidden>
          {formatPrice(payment.originalPrice)}
        </Text>
      )}
    </Group>
  );
}

export function PriceTypeBadge({ priceType, size = 'sm' }: { priceType: ProductPriceType; size?: BadgeProps['size'] }) {
  return (
    <Badge
      size={size}
      variant="outline"
      color="gray"
      tt="none"
      style={{ flex: 'none' }}
      data-testid="payment-type"
      data-type={priceType}
    >
      {priceTypeLabels[priceType]}
    </Badge>
  );
}

export function PaymentStatusBadge({ status, size = 'sm' }: { status: AdminPaymentStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge
      size={size}
      variant="light"
      color={paymentStatusColors[status]}
      tt="none"
      style={{ flex: 'none' }}
      data-testid="payment-status"
      data-status={status}
    >
      {paymentStatusLabels[status]}
    </Badge>
  );
}

/** Sandbox payments moved no real money (the offline checkout). */
export function SandboxBadge({ size = 'sm' }: { size?: BadgeProps['size'] }) {
  return (
    <Badge size={size} variant="filled" color="yellow" c="dark" tt="none" style={{ flex: 'none' }} data-testid="payment-sandbox">
      Sandbox
    </Badge>
  );
}

/** Money that bought nothing: the kind on the badge, the reason on hover (and for screen readers). */
export function PaymentProblemBadge({
  problem,
  size = 'sm',
}: {
  problem: NonNullable<AdminPaymentRow['problem']>;
  size?: BadgeProps['size'];
}) {
  return (
    <HoverTooltip label={problem.reason} withArrow multiline maw={320}>
      <Badge
        size={size}
        variant="filled"
        color="red"
        tt="none"
        style={{ flex: 'none' }}
        data-testid="payment-problem"
        data-problem={problem.kind}
      >
        {paymentProblemLabels[problem.kind]}
        <VisuallyHidden>: {problem.reason}</VisuallyHidden>
      </Badge>
    </HoverTooltip>
  );
}
