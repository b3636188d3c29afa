import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { truncateMessage } from '../../errors/truncate-message.ts';
import { onboardingSteps, stepProgress } from './onboarding-steps.ts';

type StepFrameProps = {
  index: number;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** A server message that belongs to no field of the step (e.g. "Talent ID is not defined"). */
  error?: string | null;
  continueLabel?: string;
  continueDisabled?: boolean;
  children: ReactNode;
};

/** One onboarding step: title, the step's fields, and Previous / Continue (docs/product-rules.md#onboarding). */
export function StepFrame({
  index,
  onSubmit,
  saving,
  error,
  continueLabel = 'Continue',
  continueDisabled,
  children,
}: StepFrameProps) {
  const step = onboardingSteps[index];
  const { previousPath } = stepProgress(index);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        <div>
          <Title order={2} fz={{ base: 24, sm: 30 }} lh={1.2}>
            {step?.title}
          </Title>
          {step?.description && (
            <Text c="dimmed" mt={6}>
              {step.description}
            </Text>
          )}
        </div>
        {children}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {truncateMessage(error)}
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="nowrap">
          {previousPath ? (
            <Button
              component={Link}
              to={previousPath}
              variant="default"
              size="md"
              leftSection={<IconArrowLeft size={18} />}
              style={{ flex: '0 1 auto' }}
            >
              Previous
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            size="md"
            variant="gradient"
            loading={saving}
            disabled={continueDisabled}
            rightSection={index < onboardingSteps.length - 1 ? <IconArrowRight size={18} /> : undefined}
            style={{ flex: '1 1 auto', maxWidth: 260 }}
          >
            {continueLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
