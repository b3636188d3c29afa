import type { EarningMonth } from '@doppel/validation';
import { formatMicroUsdCents } from '@doppel/validation';
import { Accordion, Group, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { BreakdownTable } from './breakdown-table.tsx';
import { monthLabel } from './earnings-format.ts';

// The chart library is large; it loads when the first month is opened, not with the page.
const MonthChart = lazy(() => import('./month-chart.tsx').then((module) => ({ default: module.MonthChart })));

/** The months as accordions (docs/product-rules.md#earnings-and-withdrawal): gross and net in the control, chart and breakdown inside. */
export function MonthAccordion({ talentId, months }: { talentId: string; months: EarningMonth[] }) {
  const [opened, setOpened] = useState<string[]>([]);
  // A month once opened keeps its panel mounted, so closing it animates and reopening is instant.
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const change = (value: string[]) => {
    setOpened(value);
    setVisited((previous) => (value.every((id) => previous.has(id)) ? previous : new Set([...previous, ...value])));
  };

  return (
    <Accordion multiple value={opened} onChange={change} variant="separated" radius="lg" chevronPosition="right">
      {months.map((month) => (
        <Accordion.Item key={month.id} value={month.id} data-testid={`earnings-month-${month.id}`} bg="white">
          <Accordion.Control>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={700}>{monthLabel(month.id)}</Text>
              <Group gap="md" wrap="nowrap">
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  Gross <span data-testid="month-gross">{formatMicroUsdCents(month.grossMicroUsd)}</span>
                </Text>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  Net <span data-testid="month-net">{formatMicroUsdCents(month.netMicroUsd)}</span>
                </Text>
              </Group>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>{visited.has(month.id) && <MonthPanel talentId={talentId} month={month} />}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function MonthPanel({ talentId, month }: { talentId: string; month: EarningMonth }) {
  const days = trpc.talent.earnings.month.useQuery({ talentId, month: month.id });
  const chartSkeleton = <Skeleton height={200} radius="md" />;
  return (
    <Stack gap="md">
      {days.isError ? (
        <ErrorAlert error={days.error} onRetry={() => void days.refetch()} title="Could not load the chart" />
      ) : !days.data ? (
        <div role="status" aria-label="Loading chart">
          {chartSkeleton}
        </div>
      ) : (
        <Suspense fallback={chartSkeleton}>
          <MonthChart monthId={month.id} days={days.data.days} />
        </Suspense>
      )}
      <BreakdownTable monthId={month.id} breakdown={month.breakdown} />
    </Stack>
  );
}
