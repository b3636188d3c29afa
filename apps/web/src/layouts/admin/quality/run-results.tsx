import { type QualityRunDetail, type QualityRunSummary, qualityCategoryLabels } from '@doppel/validation';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { categoryRows, formatScore, runLabel, scoreColor } from '../../../components/quality-format.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { RunScoreBadge } from './score-badge.tsx';

/** One run's scores per category: a grid of small tiles that wraps on a phone. */
export function CategoryScores({ run }: { run: Pick<QualityRunSummary, 'categoryScores'> }) {
  const rows = categoryRows(run);
  if (rows.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="xs">
      {rows.map((row) => (
        <Paper key={row.category} withBorder p={6} radius="sm" data-testid={`category-score-${row.category}`}>
          <Text size="xs" c="dimmed">
            {row.label}
          </Text>
          <Text fw={700} c={`${scoreColor(row.score)}.8`}>
            {formatScore(row.score)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A run's header, scores and every case's answer, weakest first (loaded when shown). */
export function RunResults({ runId }: { runId: string }) {
  const query = trpc.admin.quality.run.useQuery({ runId });
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="xs" role="status" aria-label="Loading results">
        <Skeleton height={40} />
        <Skeleton height={90} />
        <Skeleton height={90} />
      </Stack>
    );
  return <RunResultsView detail={query.data} />;
}

function RunResultsView({ detail }: { detail: QualityRunDetail }) {
  const { run, results } = detail;
  return (
    <Stack gap="sm" data-testid="quality-run-results">
      <Group gap="xs" wrap="wrap">
        <RunScoreBadge run={run} />
        <Text size="sm" fw={600}>
          {runLabel(run)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(run.finishedAt ?? run.createdAt)} · {run.caseCount} questions
          {run.scorer ? ` · ${run.scorer === 'judge' ? 'judge model' : 'offline scorer'}` : ''}
        </Text>
      </Group>
      {run.errorMessage && (
        <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {run.errorMessage}
        </Text>
      )}
      <CategoryScores run={run} />
      {results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No answers stored for this run yet.
        </Text>
      ) : (
        results.map((result) => (
          <Paper key={result.caseId} withBorder p="sm" radius="md" data-testid="quality-result">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {result.question}
                </Text>
                <Badge variant="light" color={scoreColor(result.score)} style={{ flex: 'none' }}>
                  {formatScore(result.score)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {qualityCategoryLabels[result.category]} · Expected: {result.expected}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {result.answer}
              </Text>
              <Text size="xs" c="dimmed" fs="italic">
                {result.reason}
              </Text>
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
