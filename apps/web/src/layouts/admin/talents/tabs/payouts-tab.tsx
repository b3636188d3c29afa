import { type AdminTalentPayout, payoutReasonText } from '@doppel/validation';
import { Card, Flex, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { payoutStatusLabels, transferTypeLabels } from '../../../../components/payout-labels.ts';
import { PayoutStatusBadge } from '../../../../components/payout-status-badge.tsx';
import { RelativeTime } from '../../../../components/relative-time.tsx';
import { AdminList } from '../../../../kit/admin-list.tsx';
import { useAdminLive } from '../../../../kit/use-admin-live.ts';
import { trpc } from '../../../../trpc/trpc.ts';
import { formatPayoutAmount, payoutPath } from '../../payouts/payout-format.ts';
import { payoutsTabEntities } from './tab-format.ts';

/** The talent detail's Payouts tab (docs/product-rules.md#admin-back-office): the talent's payouts, newest first, 50 at a time. */
export function TalentPayoutsTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.talents.payouts.useInfiniteQuery(
    { talentId },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  useAdminLive(payoutsTabEntities, () => void utils.admin.talents.payouts.invalidate({ talentId }));

  return (
    <AdminList query={query} label="Payouts" empty="No payouts yet.">
      {(payouts) => payouts.map((payout) => <PayoutRow key={payout.id} payout={payout} />)}
    </AdminList>
  );
}

function PayoutRow({ payout }: { payout: AdminTalentPayout }) {
  const amount = formatPayoutAmount(payout.amount, payout.currency);
  const reason = payoutReasonText(payout.status, payout.rejectionReason);
  return (
    <Card
      component={Link}
      to={payoutPath(payout.id)}
      withBorder
      padding="sm"
      radius="md"
      aria-label={`Payout of ${amount}, ${payoutStatusLabels[payout.status]}`}
      data-testid="talent-payout-row"
      data-id={payout.id}
      data-status={payout.status}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} data-testid="payout-amount">
              {amount}
            </Text>
            <PayoutStatusBadge status={payout.status} />
          </Group>
          {reason && (
            <Text size="sm" c="red.8" data-testid="payout-reason" style={{ overflowWrap: 'anywhere' }}>
              {reason}
            </Text>
          )}
        </Stack>
        <Stack gap={2} align="flex-start" style={{ flex: 'none' }}>
          <Text size="sm" data-testid="payout-transfer-type">
            {transferTypeLabels[payout.transferType]}
          </Text>
          <Text size="xs" c="dimmed">
            Requested <RelativeTime value={payout.requestedAt} span inherit data-testid="payout-requested-at" />
          </Text>
        </Stack>
      </Flex>
    </Card>
  );
}
