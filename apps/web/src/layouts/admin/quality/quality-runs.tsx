import { Group, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { isRunActive, runLabel } from '../../../components/quality-format.ts';
import { ListSkeleton } from '../../../kit/admin-list.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { RunCheckButton } from './run-check-button.tsx';
import { RunResults } from './run-results.tsx';
import { RunScoreBadge } from './score-badge.tsx';

/** The twin's runs, latest first; a click opens the run's results. "Run check" scores the current setup now. */
export function QualityRuns({ talentId }: { talentId: string }) {
  const query = trpc.admin.quality.runs.useQuery({ talentId });
  const [openRunId, setOpenRunId] = useState<string | null>(null);
  const runs = query.data?.runs ?? [];
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="quality-runs-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4} id="quality-runs-title">
            Runs
          </Title>
          <RunCheckButton
            talentId={talentId}
            disabled={runs.some((run) => !run.modelVersionId && isRunActive(run))}
            label="Run check"
            testId="quality-run-now"
          />
        </Group>
        {query.isError ? (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <ListSkeleton label="Runs" rows={3} />
        ) : runs.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="quality-runs-empty">
            No check has run yet. The nightly check runs tonight, or start one now.
          </Text>
        ) : (
          <Stack gap={6} data-testid="quality-runs">
            {runs.map((run) => (
              <UnstyledButton
                key={run.id}
                onClick={() => setOpenRunId(run.id)}
                data-testid="quality-run"
                data-status={run.status}
                aria-label={`Open the results of the ${runLabel(run)} check`}
              >
                <Paper withBorder p="xs" radius="sm">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {runLabel(run)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(run.createdAt)}
                      </Text>
                    </div>
                    <RunScoreBadge run={run} />
                  </Group>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={openRunId !== null} onClose={() => setOpenRunId(null)} title="Check results" size="lg" fullScreen={false}>
        {openRunId && <RunResults runId={openRunId} />}
      </Modal>
    </Paper>
  );
}
