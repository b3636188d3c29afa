import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { onboardingSteps, stepProgress } from './onboarding-steps.ts';

/** One onboarding step: its title and the Previous / Continue pair. Each step's form fills the middle. */
export function OnboardingStepScreen({ index }: { index: number }) {
  const step = onboardingSteps[index];
  const { previousPath, nextPath } = stepProgress(index);
  if (!step) return null;
  return (
    <Stack gap="xl">
      <Title order={2}>{step.title}</Title>
      <Group justify="space-between">
        {previousPath ? (
          <Button component={Link} to={previousPath} variant="default" leftSection={<IconArrowLeft size={16} />}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {nextPath && (
          <Button component={Link} to={nextPath} rightSection={<IconArrowRight size={16} />}>
            Continue
          </Button>
        )}
      </Group>
    </Stack>
  );
}
