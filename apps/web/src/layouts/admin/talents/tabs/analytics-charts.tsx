import type { AdminTalentAnalytics } from '@doppel/validation';
import { formatCount, formatMicroUsd, formatMicroUsdCents } from '@doppel/validation';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { analyticsChartRows, compactUsdFromMicro } from './tab-format.ts';

/** One headline number with its label; `exact`, when the number is rounded, shows on hover or focus. */
export function Stat({ label, value, exact, testId }: { label: string; value: string; exact?: string; testId: string }) {
  const number = (
    <Text fw={700} size="lg" data-testid={testId} style={{ overflowWrap: 'anywhere' }} tabIndex={exact ? 0 : undefined}>
      {value}
    </Text>
  );
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {exact && exact !== value ? (
        <Tooltip label={`Exactly ${exact}`} events={{ hover: true, focus: true, touch: true }}>
          {number}
        </Tooltip>
      ) : (
        number
      )}
    </Paper>
  );
}

/** Micro-USD in cents, with the exact amount a hover or long-press away. */
function MoneyStat({ label, microUsd, testId }: { label: string; microUsd: number; testId: string }) {
  return <Stat label={label} value={formatMicroUsdCents(microUsd)} exact={formatMicroUsd(microUsd)} testId={testId} />;
}

const count = (value: number) => formatCount(value);

/** The period's headline numbers, then the all-time ones. */
export function AnalyticsTotals({ data }: { data: AdminTalentAnalytics }) {
  const { period, allTime } = data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" role="group" aria-label="This period">
        <MoneyStat label="Gross" microUsd={period.grossMicroUsd} testId="analytics-gross" />
        <MoneyStat label="Net" microUsd={period.netMicroUsd} testId="analytics-net" />
        <Stat label="Messages" value={count(period.messages)} testId="analytics-messages" />
        <Stat label="Fans" value={count(period.fans)} testId="analytics-fans" />
        <Stat label="Paying fans" value={count(period.payingFans)} testId="analytics-paying-fans" />
        <Stat label="New chats" value={count(period.newChats)} testId="analytics-new-chats" />
      </SimpleGrid>
      <Title order={5}>All time</Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" role="group" aria-label="All time">
        <MoneyStat label="Total gross" microUsd={allTime.grossMicroUsd} testId="analytics-total-gross" />
        <MoneyStat label="Total net" microUsd={allTime.netMicroUsd} testId="analytics-total-net" />
        <Stat label="Chats" value={count(allTime.chats)} testId="analytics-total-chats" />
        {allTime.metrics && (
          <>
            <Stat
              label="Chats with sign-in"
              value={count(allTime.metrics.chatWithAuthenticationCount)}
              testId="analytics-chats-with-authentication"
            />
            <Stat
              label="Chats with payment"
              value={count(allTime.metrics.chatWithPaymentCount)}
              testId="analytics-chats-with-payment"
            />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Revenue, messages and fans per day (charts read the numbers the headline shows exactly). */
export function AnalyticsCharts({ data }: { data: AdminTalentAnalytics }) {
  const rows = analyticsChartRows(data.series);
  const range = `${data.days} days`;
  return (
    <Stack gap="md">
      <ChartCard title="Revenue per day" testId="analytics-revenue-chart">
        <BarChart
          h={220}
          data={rows}
          dataKey="label"
          series={[
            { name: 'gross', label: 'Gross', color: 'doppel.3' },
            { name: 'net', label: 'Net', color: 'doppel.7' },
          ]}
          valueFormatter={formatMicroUsd}
          yAxisProps={{ tickFormatter: compactUsdFromMicro, width: 64 }}
          withLegend
          tickLine="y"
          accessibilityLayer
          aria-label={`Gross and net revenue per day over the last ${range}`}
        />
      </ChartCard>
      <ChartCard title="Messages per day" testId="analytics-messages-chart">
        <BarChart
          h={220}
          data={rows}
          dataKey="label"
          type="stacked"
          series={[
            { name: 'fanMessages', label: 'From fans', color: 'blue.6' },
            { name: 'twinMessages', label: 'From the twin', color: 'gray.5' },
          ]}
          withLegend
          tickLine="y"
          accessibilityLayer
          aria-label={`Messages per day over the last ${range}`}
        />
      </ChartCard>
      <ChartCard title="Fans per day" testId="analytics-fans-chart">
        <LineChart
          h={220}
          data={rows}
          dataKey="label"
          series={[
            { name: 'fans', label: 'Fans', color: 'blue.6' },
            { name: 'payingFans', label: 'Paying fans', color: 'teal.6' },
          ]}
          curveType="monotone"
          withDots={data.days <= 30}
          withLegend
          tickLine="y"
          accessibilityLayer
          aria-label={`Fans and paying fans per day over the last ${range}`}
        />
      </ChartCard>
    </Stack>
  );
}
