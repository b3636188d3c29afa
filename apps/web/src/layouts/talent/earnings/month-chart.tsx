// The chart styles load with the chart, so only creators who open a month download them.
import '@mantine/charts/styles.css';
import type { EarningsMonthDays } from '@doppel/validation';
import { formatMicroUsdCents } from '@doppel/validation';
import { LineChart } from '@mantine/charts';
import { compactMicroUsd, monthChartRows, monthLabel } from './earnings-format.ts';

/** Net and gross per day of one month (the daily line chart of docs/product-rules.md#earnings-and-withdrawal); x is the day of the month. */
export function MonthChart({ monthId, days }: { monthId: string; days: EarningsMonthDays['days'] }) {
  return (
    <div data-testid={`earnings-chart-${monthId}`}>
      <LineChart
        h={200}
        data={monthChartRows(monthId, days)}
        dataKey="day"
        series={[
          { name: 'net', label: 'Net', color: 'doppel.7' },
          { name: 'gross', label: 'Gross', color: 'gray.5' },
        ]}
        curveType="monotone"
        withDots={false}
        withLegend
        tickLine="y"
        valueFormatter={formatMicroUsdCents}
        yAxisProps={{ tickFormatter: compactMicroUsd, width: 56 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
        accessibilityLayer
        aria-label={`Net and gross earnings per day in ${monthLabel(monthId)}`}
      />
    </div>
  );
}
