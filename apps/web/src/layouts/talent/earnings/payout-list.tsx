import { formatCents, type PayoutView, payoutReasonText } from '@doppel/validation';
import { Button, Card, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { transferTypeLabels } from '../../../components/payout-labels.ts';
import { PayoutStatusBadge } from '../../../components/payout-status-badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { trpc } from '../../../trpc/trpc.ts';

/** "Last payouts" (docs/product-rules.md#earnings-and-withdrawal): the twin's payouts, newest first, 50 at a time with Load more. */
export function PayoutList({ talentId }: { talentId: string }) {
  const query = trpc.talent.earnings.payouts.useInfiniteQuery(
    { talentId },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );

  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading payouts">
        {['first', 'second', 'third'].map((key) => (
          <Skeleton key={key} height={64} radius="md" />
        ))}
      </Stack>
    );
  }
  // A payout requested while pages are loaded can shift one onto the next page; show it once.
  const payouts = [...new Map(query.data.pages.flatMap((page) => page.items).map((item) => [item.id, item])).values()];
  if (payouts.length === 0) {
    return (
      <Paper withBorder radius="lg" p="lg" data-testid="payouts-empty">
        <Text c="dimmed" ta="center" size="sm">
          No payouts yet
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs" aria-label="Payouts" aria-busy={query.isFetching} data-testid="payout-list" data-count={payouts.length}>
      {payouts.map((payout) => (
        <PayoutRow key={payout.id} payout={payout} />
      ))}
      {query.hasNextPage && (
        <Button variant="default" mx="auto" mt="xs" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

function PayoutRow({ payout }: { payout: PayoutView }) {
  const reason = payoutReasonText(payout.status, payout.rejectionReason);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`payout-row-${payout.id}`} data-status={payout.status}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 160px' }}>
          <Text fw={700} data-testid="payout-amount">
            {formatCents(payout.amountCents)}
          </Text>
          <Text size="sm" data-testid="payout-transfer-type">
            {transferTypeLabels[payout.transferType]}
          </Text>
          <Text size="xs" c="dimmed">
            Requested <RelativeTime value={payout.requestedAt} span inherit data-testid="payout-requested-at" />
          </Text>
        </Stack>
        <PayoutStatusBadge status={payout.status} />
      </Group>
      {reason && (
        <Text size="sm" c="red.8" mt={6} data-testid="payout-reason" style={{ overflowWrap: 'anywhere' }}>
          {reason}
        </Text>
      )}
    </Card>
  );
}
