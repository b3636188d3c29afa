import type { CreditPackView } from '@doppel/validation';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { formatPrice } from '../../components/money.ts';
import { creditsLabel } from './price-label.ts';
import { discountPercent, packBuyLabel } from './purchase-format.ts';

type PackCardProps = {
  pack: CreditPackView;
  onBuy: () => void;
  /** This pack's checkout is being opened. */
  loading: boolean;
  /** Another checkout is being opened. */
  disabled: boolean;
};

/** A credit pack: its credits, its price (the list price struck through when discounted) and Buy. */
export function PackCard({ pack, onBuy, loading, disabled }: PackCardProps) {
  const saving = discountPercent(pack.price, pack.listPrice);
  return (
    <Paper withBorder p="sm" data-testid={`pack-${pack.credits}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} fz="md">
              {creditsLabel(pack.credits)}
            </Text>
            {saving > 0 && (
              <Badge size="sm" variant="light" color="pink">
                Save {saving}%
              </Badge>
            )}
          </Group>
          {/* A pack named after its credits ("100 credits") would only say it twice. */}
          {pack.name !== creditsLabel(pack.credits) && (
            <Text fz="xs" c="dimmed" truncate>
              {pack.name}
            </Text>
          )}
        </div>
        <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
          <div style={{ textAlign: 'right' }}>
            <Text fw={700} fz="sm" data-testid="pack-price">
              {formatPrice(pack.price)}
            </Text>
            {saving > 0 && (
              <Text component="s" fz="xs" c="dimmed" display="block" aria-label={`List price ${formatPrice(pack.listPrice)}`}>
                {formatPrice(pack.listPrice)}
              </Text>
            )}
          </div>
          <Button size="sm" onClick={onBuy} loading={loading} disabled={disabled && !loading} aria-label={packBuyLabel(pack)}>
            Buy
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
