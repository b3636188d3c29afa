import { disbursableNote, formatCents } from '@doppel/validation';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { canWithdraw } from './earnings-format.ts';

/**
 * What the creator can withdraw now, with Withdraw (docs/product-rules.md#earnings-and-withdrawal; disabled below the 20 USD minimum,
 * docs/product-rules.md#constants-and-limits). Withdraw is a real button either way so it keeps one role whether enabled or not.
 */
export function DisbursableCard({
  disbursableCents,
  minimumPayoutCents,
}: {
  disbursableCents: number;
  minimumPayoutCents: number;
}) {
  const navigate = useNavigate();
  const allowed = canWithdraw(disbursableCents, minimumPayoutCents);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="disbursable-card">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Disbursable
          </Text>
          <Text fw={800} fz={32} lh={1.1} data-testid="disbursable-amount">
            {formatCents(disbursableCents)}
          </Text>
          <Text size="xs" c="dimmed">
            {disbursableNote}
          </Text>
        </Stack>
        <Button
          leftSection={<IconCash size={18} />}
          disabled={!allowed}
          onClick={() => navigate('/earnings/withdraw')}
          style={{ flex: 'none' }}
        >
          Withdraw
        </Button>
      </Group>
    </Card>
  );
}
