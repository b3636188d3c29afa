import type { SubscriptionOfferView } from '@doppel/validation';
import { formatDayInZone, viewerTimeZone } from '@doppel/validation';
import { Badge, Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { formatPrice } from '../../components/money.ts';
import { monthlyPrice, subscriptionBenefit } from './purchase-format.ts';

type SubscriptionCardProps = {
  offer: SubscriptionOfferView;
  twinName: string;
  /** Until when the fan's subscription is paid (ISO), or null. */
  activeUntil: string | null;
  onSubscribe: () => void;
  loading: boolean;
  disabled: boolean;
};

/** The twin's monthly subscription: free messages; Subscribe, or until when it is paid. */
export function SubscriptionCard({ offer, twinName, activeUntil, onSubscribe, loading, disabled }: SubscriptionCardProps) {
  return (
    <Paper
      withBorder
      p="md"
      data-testid="subscription-card"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-doppel-0), #fff0f7)' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="gradient" radius="xl" size={34} aria-hidden="true">
            <IconCrown size={18} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{offer.name}</Text>
            <Text fz="sm" fw={600} c="doppel.8">
              {monthlyPrice(offer.price)}
            </Text>
          </div>
        </Group>
        {activeUntil && (
          <Badge variant="gradient" size="sm" style={{ flex: 'none' }}>
            Active
          </Badge>
        )}
      </Group>
      <Text fz="sm" mt="xs">
        {subscriptionBenefit(twinName)}
      </Text>
      {activeUntil ? (
        <Text fz="sm" fw={600} mt="sm" data-testid="subscribed-until">
          Subscribed until {formatDayInZone(activeUntil, viewerTimeZone())}
        </Text>
      ) : (
        <Button
          mt="sm"
          fullWidth
          variant="gradient"
          onClick={onSubscribe}
          loading={loading}
          disabled={disabled && !loading}
          aria-label={`Subscribe to ${twinName} for ${formatPrice(offer.price)} a month`}
        >
          Subscribe
        </Button>
      )}
    </Paper>
  );
}
