import type { QualityModelOutput } from '@doppel/validation';
import { Group, Text } from '@mantine/core';
import { isRunActive } from '../../../components/quality-format.ts';
import { RunCheckButton } from './run-check-button.tsx';
import { RunScoreBadge } from './score-badge.tsx';

/** The twin's current setup's latest score and "Run check" for it (the model's twin; nothing for a model without one). */
export function CurrentSetupCheck({ quality }: { quality: QualityModelOutput | undefined }) {
  if (!quality?.talentId) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="current-setup-quality">
      <Text size="xs" c="dimmed">
        Twin now
      </Text>
      <RunScoreBadge run={quality.currentSetup} />
      <RunCheckButton
        talentId={quality.talentId}
        disabled={isRunActive(quality.currentSetup)}
        label="Run check"
        testId="current-setup-run-check"
      />
    </Group>
  );
}
