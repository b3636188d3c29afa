import type { Me, OnboardingState } from '@doppel/validation';
import { Box, Container, Group, Paper, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AccountHeader } from '../../components/account-header.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { describeError } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';
import { findStepIndex, onboardingSteps, stepProgress } from './onboarding-steps.ts';
import { GenderAgeStep } from './steps/gender-age-step.tsx';
import { HandleStep } from './steps/handle-step.tsx';
import { InitialChatMessageStep } from './steps/initial-chat-message-step.tsx';
import { InterestsStep } from './steps/interests-step.tsx';
import { NameStep } from './steps/name-step.tsx';
import { PersonalityTraitsStep } from './steps/personality-traits-step.tsx';
import { ProfilePictureStep } from './steps/profile-picture-step.tsx';
import { PurposeStep } from './steps/purpose-step.tsx';
import type { StepProps } from './steps/step-props.ts';

// In the order of onboardingSteps (checked by the step list's test through the paths).
const stepScreens: ComponentType<StepProps>[] = [
  NameStep,
  ProfilePictureStep,
  HandleStep,
  GenderAgeStep,
  PurposeStep,
  PersonalityTraitsStep,
  InterestsStep,
  InitialChatMessageStep,
];

/** The step-by-step twin set-up (docs/product-rules.md#onboarding): percent and a segmented bar over the eight steps. */
export function OnboardingLayout({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const onboarding = trpc.onboarding.get.useQuery(undefined, { staleTime: 60_000 });
  const index = findStepIndex(pathname);

  return (
    <Box mih="100dvh" bg="var(--mantine-color-doppel-0)">
      <AccountHeader name={me.name} email={me.email} />
      <Container size="sm" pb="xl" px={{ base: 'sm', sm: 'md' }}>
        {index >= 0 && <StepProgressBar index={index} />}
        {onboarding.isPending ? (
          <Paper withBorder shadow="sm">
            <LoadingPanel label="Loading your twin…" />
          </Paper>
        ) : onboarding.isError ? (
          <ErrorPanel
            message={describeError(onboarding.error).message}
            onRetry={() => void onboarding.refetch()}
            retrying={onboarding.isFetching}
          />
        ) : (
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            <OnboardingRoutes me={me} state={onboarding.data} />
          </Paper>
        )}
      </Container>
    </Box>
  );
}

function OnboardingRoutes({ me, state }: { me: Me; state: OnboardingState }) {
  return (
    <Routes>
      {/* The server derives the step to resume at from the draft (docs/product-rules.md#onboarding). */}
      <Route index element={<Navigate to={`/${state.step}`} replace />} />
      {onboardingSteps.map((step, i) => {
        const Screen = stepScreens[i];
        return Screen ? (
          // Keyed by the draft id so a screen that created the draft starts fresh on the next visit.
          <Route
            key={step.path}
            path={step.path.slice(1)}
            element={<Screen key={state.draft?.id ?? 'new'} me={me} state={state} />}
          />
        ) : null;
      })}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

function StepProgressBar({ index }: { index: number }) {
  const progress = stepProgress(index);
  return (
    <Box mb="lg" aria-label="Onboarding progress">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          Step {index + 1} of {onboardingSteps.length}
        </Text>
        <Text size="sm" fw={700} c="doppel" data-testid="onboarding-percent">
          {progress.percent}%
        </Text>
      </Group>
      <Group gap={6} grow wrap="nowrap" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent}>
        {progress.segments.map((reached, i) => (
          <Box
            key={onboardingSteps[i]?.path}
            h={6}
            bg={reached ? 'doppel.6' : 'doppel.1'}
            style={{ borderRadius: 999, transition: 'background-color 200ms ease' }}
          />
        ))}
      </Group>
    </Box>
  );
}
