// The chart styles load with this tab, so only the admin chunk that shows charts carries them.
import '@mantine/charts/styles.css';
import { type AdminAnalyticsPeriod, adminAnalyticsPeriods, defaultAdminAnalyticsPeriod, formatDayKey } from '@doppel/validation';
import { Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { EmptyState } from '../../../../kit/admin-list.tsx';
import { useAdminLive } from '../../../../kit/use-admin-live.ts';
import { trpc } from '../../../../trpc/trpc.ts';
import { AnalyticsCharts, AnalyticsTotals } from './analytics-charts.tsx';
import { analyticsTabEntities, hasActivity } from './tab-format.ts';

/**
 * The talent detail's Analytics tab (docs/product-rules.md#admin-back-office): messages, fans, paying fans and revenue per UTC day
 * over the last 7, 30 or 90 days, with the period's and all-time totals.
 */
export function TalentAnalyticsTab({ talentId }: { talentId: string }) {
  const [days, setDays] = useState<AdminAnalyticsPeriod>(defaultAdminAnalyticsPeriod);
  const utils = trpc.useUtils();
  // The previous period of the same twin stays on screen while another loads, so the charts do not blink.
  const query = trpc.admin.talents.analytics.useQuery(
    { talentId, days },
    { placeholderData: (previous) => (previous?.talentId === talentId ? previous : undefined) },
  );
  // Only this twin's events: its chats and frames carry its talent scope, other twins' traffic does not.
  useAdminLive(analyticsTabEntities, () => void utils.admin.talents.analytics.invalidate({ talentId }), 2_000, [
    `talent:${talentId}`,
  ]);

  return (
    <Stack gap="md" data-testid="talent-analytics-tab" aria-busy={query.isFetching}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={600} id="analytics-period-label">
            Period
          </Text>
          <SegmentedControl
            aria-labelledby="analytics-period-label"
            value={String(days)}
            onChange={(value) => setDays(Number(value) as AdminAnalyticsPeriod)}
            data={adminAnalyticsPeriods.map((option) => ({ value: String(option), label: `${option} days` }))}
          />
        </Stack>
        {query.data && (
          <Text size="xs" c="dimmed" data-testid="analytics-range">
            {formatDayKey(query.data.from)} to {formatDayKey(query.data.to)} (UTC)
          </Text>
        )}
      </Group>

      {query.isError && !query.data ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <AnalyticsSkeleton />
      ) : (
        <>
          {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
          <AnalyticsTotals data={query.data} />
          {hasActivity(query.data.period) ? (
            <AnalyticsCharts data={query.data} />
          ) : (
            <EmptyState>No activity in this period.</EmptyState>
          )}
        </>
      )}
    </Stack>
  );
}

function AnalyticsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading analytics">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} height={62} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={260} radius="md" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}
