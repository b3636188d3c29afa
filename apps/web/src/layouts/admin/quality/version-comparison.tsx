import { type QualityCompareOutput, type QualityRunSummary, qualityCategoryLabels } from '@doppel/validation';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { categoryRows, formatScore, regressionLabel, scoreColor } from '../../../components/quality-format.ts';
import { trpc } from '../../../trpc/trpc.ts';

/** "Compare with default": the version's latest finished run beside the default's, overall and per category, then the cases that got worse. */
export function VersionComparison({ modelId, versionId }: { modelId: string; versionId: string }) {
  const query = trpc.admin.quality.compare.useQuery({ modelId, versionId });
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="xs" role="status" aria-label="Loading the comparison">
        <Skeleton height={120} />
        <Skeleton height={80} />
      </Stack>
    );
  return <ComparisonView compared={query.data} />;
}

export function ComparisonView({ compared }: { compared: QualityCompareOutput }) {
  const { versionRun, defaultRun } = compared;
  if (!versionRun || !defaultRun) {
    return (
      <Text size="sm" c="dimmed" data-testid="quality-compare-missing">
        {compared.versionRunning
          ? 'The quality check of this version is still running.'
          : !versionRun
            ? 'This version has no finished quality check yet: run one first.'
            : 'The default has no finished quality check to compare with.'}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="quality-compare">
      <SimpleGrid cols={2} spacing="xs">
        <RunColumn title="This version" run={versionRun} testId="quality-compare-version" />
        <RunColumn title="Default" run={defaultRun} testId="quality-compare-default" />
      </SimpleGrid>
      {compared.regressions.length > 0 ? (
        <Group gap={6} wrap="wrap" data-testid="quality-regressions">
          {compared.regressions.map((regression) => (
            <Badge key={regression.category ?? 'overall'} color="red" variant="light">
              {regressionLabel(regression)}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="teal.8" data-testid="quality-no-regressions">
          Nothing scores worse than the default.
        </Text>
      )}
      <WorseCases cases={compared.worseCases} />
    </Stack>
  );
}

function RunColumn({ title, run, testId }: { title: string; run: QualityRunSummary; testId: string }) {
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      <Text fw={800} fz="xl" c={`${scoreColor(run.overallScore)}.8`} data-testid={`${testId}-score`}>
        {formatScore(run.overallScore)}
      </Text>
      <Stack gap={0} mt={4}>
        {categoryRows(run).map((row) => (
          <Group key={row.category} justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs">{row.label}</Text>
            <Text size="xs" fw={600}>
              {formatScore(row.score)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The cases both runs answered where the version did worse: the two answers side by side (stacked on a phone). */
export function WorseCases({ cases }: { cases: QualityCompareOutput['worseCases'] }) {
  if (cases.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="quality-worse-cases">
      <Text size="sm" fw={700}>
        Answers that got worse ({cases.length})
      </Text>
      {cases.map((worse) => (
        <Paper key={worse.caseId} withBorder p="xs" radius="sm" data-testid="quality-worse-case">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {worse.question}
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            {qualityCategoryLabels[worse.category]} · Expected: {worse.expected}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Answer label="This version" answer={worse.versionAnswer} score={worse.versionScore} />
            <Answer label="Default" answer={worse.defaultAnswer} score={worse.defaultScore} />
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

function Answer({ label, answer, score }: { label: string; answer: string; score: number }) {
  return (
    <Stack gap={2}>
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Badge size="xs" variant="light" color={scoreColor(score)}>
          {formatScore(score)}
        </Badge>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {answer}
      </Text>
    </Stack>
  );
}
