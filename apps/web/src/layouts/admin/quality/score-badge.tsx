import type { QualityRunSummary } from '@doppel/validation';
import { Badge, Loader } from '@mantine/core';
import { formatScore, isRunActive, runStatusLabels, scoreColor } from '../../../components/quality-format.ts';

/** A run's overall score as a badge; a run still going shows a spinner and its status instead. */
export function RunScoreBadge({ run, testId }: { run: QualityRunSummary | null | undefined; testId?: string }) {
  if (!run)
    return (
      <Badge variant="light" color="gray" data-testid={testId} data-score="">
        Not checked
      </Badge>
    );
  if (isRunActive(run))
    return (
      <Badge variant="light" color="blue" leftSection={<Loader size={10} color="blue" />} data-testid={testId} data-score="">
        {runStatusLabels[run.status]}
      </Badge>
    );
  if (run.status === 'FAILED')
    return (
      <Badge variant="light" color="red" data-testid={testId} data-score="">
        Check failed
      </Badge>
    );
  return (
    <Badge variant="light" color={scoreColor(run.overallScore)} data-testid={testId} data-score={run.overallScore ?? ''}>
      {formatScore(run.overallScore)}
    </Badge>
  );
}
