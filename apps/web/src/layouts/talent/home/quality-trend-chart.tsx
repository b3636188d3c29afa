import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

/**
 * The Twin quality card's trend: its own chunk (React.lazy), so the charts library never weighs on
 * the home's first paint (issue 33); the score above it is the card's content.
 */
export function QualityTrendChart({ points }: { points: Array<{ label: string; score: number }> }) {
  return (
    <LineChart
      h={100}
      data={points}
      dataKey="label"
      series={[{ name: 'score', label: 'Score', color: 'teal.6' }]}
      curveType="monotone"
      withXAxis={false}
      yAxisProps={{ domain: [0, 100], width: 36 }}
      valueFormatter={(value) => `${value}%`}
      gridAxis="none"
      aria-label="Score of the recent checks"
      data-testid="twin-quality-trend"
    />
  );
}
