import {
  type AudienceOutput,
  type AudiencePeriod,
  audiencePeriods,
  fanDisplayName,
  formatCents,
  formatCount,
} from '@doppel/validation';
import { Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { SettingsHeader } from '../settings/settings-page.tsx';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { formatWait, percent } from './audience-format.ts';

// The charts (and their library) load only when the page shows figures.
const AudienceChart = lazy(() => import('./audience-chart.tsx').then((module) => ({ default: module.AudienceChart })));
const TopSpendersChart = lazy(() => import('./audience-chart.tsx').then((module) => ({ default: module.TopSpendersChart })));

const periodLabels: Record<AudiencePeriod, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months' };

/**
 * /audience: who the twin's fans are over a period (docs/creator-dashboard.md "Audience" has the
 * definitions). Live: a fan's message, a payment or a subscription of the twin refetches it.
 */
export function AudiencePage() {
  const { talentId } = useTalentContext();
  const [period, setPeriod] = useState<AudiencePeriod>('30d');
  const utils = trpc.useUtils();
  // The previous period stays on screen while the next one loads, so the page does not jump.
  const audience = trpc.talent.audience.get.useQuery({ talentId, period }, { placeholderData: (previous) => previous });
  useTalentLive(talentId, () => void utils.talent.audience.invalidate());

  return (
    <Stack gap="lg">
      <SettingsHeader title="Audience" description="Who your twin's fans are, how many come back and how many pay." />
      <SegmentedControl
        aria-label="Period"
        value={period}
        onChange={(value) => setPeriod(value as AudiencePeriod)}
        data={audiencePeriods.map((value) => ({ value, label: periodLabels[value] }))}
      />
      {audience.isError ? (
        <ErrorAlert error={audience.error} onRetry={() => void audience.refetch()} />
      ) : !audience.data ? (
        <Stack gap="md" role="status" aria-label="Loading audience">
          <Skeleton height={80} radius="lg" />
          <Skeleton height={220} radius="lg" />
        </Stack>
      ) : audience.data.totals.fans === 0 && audience.data.topSpenders.length === 0 ? (
        <NoFans period={periodLabels[period]} />
      ) : (
        <AudienceFigures audience={audience.data} />
      )}
    </Stack>
  );
}

function StatCard({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`audience-stat-${label.toLowerCase()}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function AudienceFigures({ audience }: { audience: AudienceOutput }) {
  const { totals, conversion } = audience;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label="Fans" value={totals.fans} hint="sent a message" />
        <StatCard label="Returning" value={totals.returning} hint="came back another day" />
        <StatCard label="Paying" value={totals.paying} hint="paid or spent paid credits" />
        <StatCard label="Subscribers" value={totals.subscribers} hint="subscribed now" />
      </SimpleGrid>

      <Paper withBorder radius="lg" p="md">
        <Title order={3} fz="lg" mb="sm">
          Over time
        </Title>
        <Suspense fallback={<Skeleton height={220} radius="md" />}>
          <AudienceChart audience={audience} />
        </Suspense>
        <Text size="xs" c="dimmed" mt="xs">
          Per {audience.bucket} (UTC). Subscribers are those subscribed at the end of each {audience.bucket}.
        </Text>
      </Paper>

      <Paper withBorder radius="lg" p="md" data-testid="audience-conversion">
        <Title order={3} fz="lg">
          First message to first purchase
        </Title>
        <Text fz={28} fw={700}>
          {percent(conversion.converted, conversion.newFans)}
        </Text>
        <Text size="sm" c="dimmed">
          Of {formatCount(conversion.newFans)} fans who wrote for the first time in this period,{' '}
          {formatCount(conversion.converted)} bought credits, a subscription or spent paid credits afterwards. Median time to that
          first purchase: {formatWait(conversion.medianSeconds)}.
        </Text>
      </Paper>

      <Paper withBorder radius="lg" p="md">
        <Title order={3} fz="lg" mb="sm">
          Top spenders
        </Title>
        {audience.topSpenders.length === 0 ? (
          <Text size="sm" c="dimmed">
            No fan has paid in this period yet.
          </Text>
        ) : (
          <Stack gap="sm">
            {audience.topSpenders.some((spender) => spender.paidCents > 0) && (
              <Suspense fallback={<Skeleton height={120} radius="md" />}>
                <TopSpendersChart spenders={audience.topSpenders} />
              </Suspense>
            )}
            <Table data-testid="audience-top-spenders" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fan</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                  <Table.Th ta="right">Paid credits spent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audience.topSpenders.map((spender) => (
                  <Table.Tr key={spender.fan.id}>
                    <Table.Td>{fanDisplayName(spender.fan)}</Table.Td>
                    <Table.Td ta="right">{formatCents(spender.paidCents)}</Table.Td>
                    <Table.Td ta="right">{formatCount(spender.paidCredits)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Paper>
    </>
  );
}

function NoFans({ period }: { period: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="audience-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconUsers size={24} />
        </ThemeIcon>
        <Text fw={700}>No fans in the last {period}</Text>
        <Text size="sm" c="dimmed" ta="center">
          When fans message your twin, how many come back, pay and subscribe shows up here.
        </Text>
      </Stack>
    </Paper>
  );
}
