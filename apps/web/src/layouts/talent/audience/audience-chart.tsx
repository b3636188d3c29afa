// The chart styles load with the chart, so only creators who open Audience download them.
import '@mantine/charts/styles.css';
import { type AudienceOutput, fanDisplayName, formatCents } from '@doppel/validation';
import { BarChart, LineChart } from '@mantine/charts';
import { bucketLabel } from './audience-format.ts';

/** Fans, returning, paying and subscribers per bucket of the period. */
export function AudienceChart({ audience }: { audience: AudienceOutput }) {
  const rows = audience.series.map((row) => ({ ...row, label: bucketLabel(row.start, audience.bucket) }));
  return (
    <div data-testid="audience-chart">
      <LineChart
        h={220}
        data={rows}
        dataKey="label"
        series={[
          { name: 'fans', label: 'Fans', color: 'doppel.7' },
          { name: 'returning', label: 'Returning', color: 'teal.6' },
          { name: 'paying', label: 'Paying', color: 'orange.6' },
          { name: 'subscribers', label: 'Subscribers', color: 'grape.6' },
        ]}
        curveType="linear"
        withDots={false}
        withLegend
        tickLine="y"
        yAxisProps={{ allowDecimals: false, width: 32 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
        accessibilityLayer
        aria-label={`Fans, returning, paying and subscribers per ${audience.bucket}`}
      />
    </div>
  );
}

/** The top spenders as horizontal bars of money spent; names as the dashboard names fans. */
export function TopSpendersChart({ spenders }: { spenders: AudienceOutput['topSpenders'] }) {
  const rows = spenders.map((spender) => ({ fan: fanDisplayName(spender.fan), spent: spender.paidCents / 100 }));
  return (
    <div data-testid="audience-top-spenders-chart">
      <BarChart
        h={Math.max(120, rows.length * 32)}
        data={rows}
        dataKey="fan"
        orientation="vertical"
        series={[{ name: 'spent', label: 'Paid', color: 'doppel.6' }]}
        valueFormatter={(dollars) => formatCents(Math.round(dollars * 100))}
        yAxisProps={{ width: 110 }}
        accessibilityLayer
        aria-label="Money paid by the top spenders"
      />
    </div>
  );
}
